import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import { gateStatus, lastLine, summarise } from '../scripts/lib.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readOrigins, strayOrigins, targetOrigins } from '../helpers/report/origins.js';
import { reportEnvironment } from '../helpers/report/report-environment.js';
import { patient } from '../helpers/target/patience.js';

test.describe('a run proves which server it tested', () => {
  test('a run whose resolved target differs from its variables ends broken, naming both origins, though its test passed', async () => {
    test.setTimeout(patient(120_000));
    const reports = mkdtempSync(join(tmpdir(), 'conformance-stray-'));
    try {
      const run = await spawnCollect(
        process.execPath,
        [
          require.resolve('@playwright/test/cli'),
          'test',
          '--config=selftest/support/stray-origin/playwright.config.ts',
        ],
        { ...environmentWithoutTarget(), REPORTS_DIR: reports },
        110_000,
      );
      const output = run.stdout + run.stderr;
      expect(output).toMatch(/1 passed/);
      expect(run.exitCode, output).toBe(1);
      const first =
        /^Target: the embedded sandbox \(auth (https:\/\/127\.0\.0\.1:\d+), apps (http:\/\/127\.0\.0\.1:\d+)\); helpers mode/m.exec(
          run.stderr,
        );
      expect(first, output).not.toBeNull();
      const origins = readOrigins(reports);
      const summary = JSON.parse(readFileSync(join(reports, 'run-origins.json'), 'utf8')) as {
        target: string[];
        broken?: string;
      };
      const stray = strayOrigins(origins, summary.target);
      expect(stray).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)]);
      expect(summary.target).toContain(first?.[2]);
      expect(summary.target).not.toContain(stray[0]);
      const line = new RegExp(
        `Broken run: the run's API requests went to ${stray[0] ?? '-'}, not to the configured target \\(.*${first?.[2] ?? '-'}`,
      );
      expect(run.stderr).toMatch(line);
      const counts = summarise(join(reports, 'results.json'));
      expect(lastLine(counts)).toMatch(
        /^1 passed, 0 failed, .*\(the run is BROKEN: the run's API requests went to/,
      );
      expect(gateStatus(0, counts)).toBe(1);
      // The environment panel, as the run wrote it: the target it started and what it did there.
      const panel = readFileSync(join(reports, 'allure-results', 'environment.properties'), 'utf8');
      expect(panel).toContain('target=embedded sandbox');
      expect(panel).toContain('mode=helpers');
      expect(panel).toContain('test_helpers=configured, not used');
      expect(panel).toContain(`api_origins=${stray[0] ?? '-'}`);
      expect(panel).toMatch(/origins_check=BROKEN: the run's API requests went to/);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  test("the target's origins are its servers' URLs, helpers included; an API origin off them is stray", () => {
    const target = targetOrigins({
      TARGET_AUTH_URL: 'https://auth.example/oauth',
      TARGET_APPS_URL: 'https://apps.example',
      SANDBOX_CONTROL_URL: 'https://helpers.example:8443/x',
    });
    expect(target).toEqual(['https://apps.example', 'https://auth.example', 'https://helpers.example:8443']);
    const origins = {
      api: ['https://apps.example', 'https://auth.example'],
      helpers: ['https://elsewhere.example'],
      browser: ['https://client.example'],
    };
    expect(strayOrigins(origins, target)).toEqual(['https://elsewhere.example']);
  });

  test("the environment panel says what the run did: an embedded run's mode and helpers, its origins", () => {
    const reports = mkdtempSync(join(tmpdir(), 'conformance-panel-'));
    try {
      mkdirSync(join(reports, 'origins'));
      writeFileSync(
        join(reports, 'origins', '1.jsonl'),
        [
          'api https://127.0.0.1:1',
          'helpers http://127.0.0.1:2',
          'api http://127.0.0.1:2',
          'browser http://127.0.0.1:9',
        ]
          .map((line) => JSON.stringify({ kind: line.split(' ')[0], origin: line.split(' ')[1] }))
          .join('\n'),
      );
      const env = {
        REPORTS_DIR: reports,
        CONFORMANCE_EMBEDDED_SANDBOX: '1',
        TARGET_AUTH_URL: 'https://127.0.0.1:1',
        TARGET_APPS_URL: 'http://127.0.0.1:2',
        SANDBOX_CONTROL_URL: 'http://127.0.0.1:2',
        SANDBOX_CONTROL_KEY: 'key',
      };
      expect({ ...reportEnvironment(env) }).toMatchObject({
        target: 'embedded sandbox',
        mode: 'helpers',
        test_helpers: 'used (http://127.0.0.1:2)',
        api_origins: 'http://127.0.0.1:2, https://127.0.0.1:1',
        browser_origins: 'http://127.0.0.1:9',
        origins_check: 'every API request went to http://127.0.0.1:2, https://127.0.0.1:1',
      });
      const elsewhere = {
        ...env,
        TARGET_APPS_URL: 'http://127.0.0.1:3',
        SANDBOX_CONTROL_URL: 'http://127.0.0.1:3',
      };
      expect(reportEnvironment(elsewhere).origins_check).toMatch(
        /^BROKEN: the run's API requests went to http:\/\/127\.0\.0\.1:2, not to the configured target \(http:\/\/127\.0\.0\.1:3, https:\/\/127\.0\.0\.1:1\)/,
      );
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });
});
