import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { startAllureReport } from '../scripts/allure-report.js';
import { requirementTitle, requirementUrl, SPEC_PAGE_IN_REPORT } from '../helpers/report/spec-link.js';
import { patient } from '../helpers/target/patience.js';

/** One failed check as allure-playwright writes it, with covers()'s link to its requirement's sentence. */
function failedCheck(results: string): void {
  const uuid = '0b7c1e52-8f0e-4d52-9a57-3f3f0d7d1a01';
  writeFileSync(
    join(results, `${uuid}-result.json`),
    JSON.stringify({
      uuid,
      name: 'R4.2-04 a code is bound to its redirect URI',
      fullName: 'token.spec.ts#R4.2-04',
      historyId: 'r42-04',
      status: 'failed',
      statusDetails: { message: 'R4.2-04: expected 400 invalid_grant' },
      stage: 'finished',
      start: 1_700_000_000_000,
      stop: 1_700_000_000_100,
      labels: [],
      steps: [],
      attachments: [],
      parameters: [],
      links: [
        {
          type: 'tms',
          url: requirementUrl('R4.2-04', SPEC_PAGE_IN_REPORT),
          name: requirementTitle('R4.2-04'),
        },
      ],
    }),
  );
}

test.describe("the report's links to the specification", () => {
  test("a failed check's link opens the specification the report carries, rendered, at the sentence it checks", async ({
    page,
    context,
  }) => {
    test.setTimeout(patient(120_000));
    const folder = mkdtempSync(join(tmpdir(), 'report-spec-link-'));
    try {
      const results = join(folder, 'allure-results');
      mkdirSync(results);
      failedCheck(results);
      const output = join(folder, 'allure-report');
      const report = startAllureReport({
        resultsDir: results,
        outputDir: output,
        name: 'spec links',
        historyPath: join(folder, 'history.jsonl'),
      });
      expect(await report.generate()).toBe(0);
      await page.goto(pathToFileURL(join(output, 'index.html')).href);
      await page.getByText('R4.2-04 a code is bound to its redirect URI').first().click();
      const link = page
        .getByTestId('test-result-meta-link')
        .getByRole('link', { name: requirementTitle('R4.2-04') });
      await expect(link).toHaveAttribute('href', new RegExp(`/${SPEC_PAGE_IN_REPORT}#R4\\.2-04$`));
      const [spec] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await spec.waitForLoadState();
      expect(new URL(spec.url()).hash).toBe('#R4.2-04');
      // The sentence's table row, rendered as a table (not the Markdown source), marked as the target.
      const row = spec.locator('tr', { has: spec.locator('[id="R4.2-04"]') });
      await expect(row).toContainText('the same URI as in the authorization request');
      await expect(row).toHaveCSS('background-color', 'rgb(255, 243, 176)');
      await expect(spec.getByText('| ---')).toHaveCount(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
