// The nightly's triage as a QA team meets it: npm run conformance night after night against the
// embedded sandbox, faults switched between nights, one requirement history kept in the reports
// folder; known deviations; the report opened from its folder in Chromium.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, expect, test, type Page } from '@playwright/test';
import { requirementGrep } from '../embedded/requirement-grep.js';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import type { FaultName } from '../sandbox/faults.js';
import { chromiumPath } from '../helpers/target/chromium.js';
import { settings } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

/** R2.6-02 fails under catalog-string-ids; R2.1-01 and R8-01 under registration-four-uris-accepted. */
const FAULTS: readonly FaultName[] = ['catalog-string-ids', 'registration-four-uris-accepted'];
/** The catalog tests (R2.6-02) and the registration tests (R8-01): seven tests, no browser. */
const NIGHTS_1_TO_3 = requirementGrep(['R2.6-02', 'R8-01']);
/** Night 4: the catalog tests and the token exchange's headers test; no registration test. */
const NIGHT_4 = requirementGrep(['R2.6-02', 'R4.2-09']);

interface Night {
  status: number;
  stdout: string;
}

/** One run of npm run conformance, with its reports (and the history in them) in `reports`. */
async function conformance(
  reports: string,
  options: { night: string; faults: readonly FaultName[]; grep: string; known?: string },
): Promise<Night> {
  const env = {
    ...environmentWithoutTarget(),
    REPORTS_DIR: reports,
    ALLURE_HISTORY_PATH: join(reports, 'history', 'history.jsonl'),
    SANDBOX_FAULTS: options.faults.join(','),
    CONFORMANCE_NIGHT: options.night,
    CONFORMANCE_KNOWN: options.known ?? join(reports, 'no-known-deviations.yaml'),
    CONFORMANCE_WORKERS: '2',
  };
  const run = await spawnCollect(
    process.execPath,
    ['--import', 'tsx', 'scripts/conformance.ts', '--grep', options.grep],
    env,
    240_000,
  );
  return { status: run.exitCode, stdout: run.stdout };
}

/** The console's triage section: its heading line and the entries under it. */
function section(stdout: string, title: string): string {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`  ${title}:`));
  const end = lines.findIndex((line, index) => index > start && /^ {2}\S/.test(line));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

function lastLine(stdout: string): string {
  return stdout.trim().split('\n').at(-1) ?? '';
}

function knownFile(folder: string, requirement: string[], expires: string): string {
  const file = join(folder, 'conformance-known.yaml');
  const entries = requirement.map(
    (id) =>
      `  - requirement: ${id}\n    reason: the marketplace fixes it in Q1\n    link: https://tracker.example.com/MARKET-1234\n    expires: ${expires}\n`,
  );
  writeFileSync(file, `known:\n${entries.join('')}`);
  return file;
}

test.describe('the triage of a nightly run (scripts/triage/)', () => {
  let folder = '';
  test.beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'triage-nights-'));
  });
  test.afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  test('four nights: new failure, failing since night 1 (3 nights), fixed, not exercised (was failing); the report in Chromium shows the tree by section and the requirements page', async () => {
    test.setTimeout(patient(900_000));
    const reports = join(folder, 'reports');
    const nights: Night[] = [];
    for (const night of ['night 1', 'night 2', 'night 3'])
      nights.push(await conformance(reports, { night, faults: FAULTS, grep: NIGHTS_1_TO_3 }));
    const [first, , third] = nights;
    expect(first?.status, first?.stdout).toBe(1);
    expect(section(first?.stdout ?? '', 'New failures tonight')).toMatch(/^ {4}R2\.6-02 §2\.6 /m);
    expect(section(first?.stdout ?? '', 'Still failing')).toBe('  Still failing: none');
    expect(section(third?.stdout ?? '', 'New failures tonight')).toBe('  New failures tonight: none');
    expect(section(third?.stdout ?? '', 'Still failing')).toMatch(
      /^ {4}R2\.6-02 §2\.6 .*: failing since night 1 \(3 nights\)/m,
    );
    expect(lastLine(third?.stdout ?? '')).toMatch(/^\d+ passed, [1-9]\d* failed, /);

    // Night 4: the faults off, the registration tests not run; a known deviation that passes.
    const known = knownFile(folder, ['R4.5-01'], '2099-12-31');
    const fourth = await conformance(reports, { night: 'night 4', faults: [], grep: NIGHT_4, known });
    expect(fourth.status, fourth.stdout).toBe(0);
    expect(section(fourth.stdout, 'Fixed tonight')).toMatch(/^ {4}R2\.6-02 §2\.6 /m);
    const notExercised = section(fourth.stdout, 'Not exercised tonight (was failing)');
    expect(notExercised).toMatch(
      /^ {4}R8-01 §8 .*: not exercised \(was failing since night 1; tonight not run\)/m,
    );
    expect(section(fourth.stdout, 'Fixed tonight')).not.toContain('R8-01');
    expect(section(fourth.stdout, 'Known deviations')).toMatch(/R4\.5-01 no longer failing: remove it/);
    // The triage in the spec's order, before the counts line, which stays last.
    const order = [
      'New failures tonight',
      'Fixed tonight',
      'Still failing',
      'Known deviations',
      'Not exercised',
      'Drift',
    ];
    const at = order.map((title) => fourth.stdout.indexOf(`  ${title}`));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The HTTP Basic twin of the headers test skips: the sandbox takes the body alone (4.2).
    expect(lastLine(fourth.stdout)).toMatch(/^\d+ passed, 0 failed, \d+ skipped, 0 advisory warnings$/);
    const history = readFileSync(join(reports, 'history', 'requirements.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(history).toHaveLength(4);

    await lookAtReport(join(reports, 'allure-report'));
  });

  test('a known deviation keeps the gate green with its reason; past its date it fails naming the date', async () => {
    test.setTimeout(patient(600_000));
    const grep = requirementGrep(['R8-01']);
    const faults: FaultName[] = ['registration-four-uris-accepted'];
    const accepted = await conformance(join(folder, 'accepted'), {
      night: 'n1',
      faults,
      grep,
      known: knownFile(folder, ['R2.1-01', 'R8-01'], '2099-12-31'),
    });
    expect(accepted.status, accepted.stdout).toBe(0);
    expect(section(accepted.stdout, 'Known deviations')).toMatch(
      /R8-01 known: the marketplace fixes it in Q1 \(https:\/\/tracker\.example\.com\/MARKET-1234\); expires 2099-12-31 \(\d+ days left\)/,
    );
    expect(section(accepted.stdout, 'New failures tonight')).toBe('  New failures tonight: none');
    expect(lastLine(accepted.stdout)).toBe(
      '3 passed, 0 failed, 0 skipped, 0 advisory warnings, 1 known deviations',
    );
    const junit = readFileSync(join(folder, 'accepted', 'junit.xml'), 'utf8');
    expect(junit).not.toMatch(/<failure|<error/);
    expect(junit).toMatch(
      /<skipped message="known deviation (R2\.1-01|R8-01): the marketplace fixes it in Q1/,
    );

    // In the Allure results: labelled a known deviation (allurerc.mjs's "Known deviations"), its reason first.
    const allureDir = join(folder, 'accepted', 'allure-results');
    const labelled = readdirSync(allureDir)
      .filter((name) => name.endsWith('-result.json'))
      .map((name) => readFileSync(join(allureDir, name), 'utf8'))
      .filter((text) => text.includes('{"name":"kind","value":"known-deviation"}'));
    expect(labelled).toHaveLength(1);
    expect(labelled[0]).toContain('"message":"Known deviation R2.1-01 (accepted until 2099-12-31');

    const expired = await conformance(join(folder, 'expired'), {
      night: 'n1',
      faults,
      grep,
      known: knownFile(folder, ['R2.1-01', 'R8-01'], '2026-01-31'),
    });
    expect(expired.status, expired.stdout).toBe(1);
    expect(section(expired.stdout, 'New failures tonight')).toMatch(
      /R8-01 §8 .*\[known deviation expired on 2026-01-31: failing the gate again\]/,
    );
    expect(section(expired.stdout, 'Known deviations')).toMatch(
      /R8-01 expired on 2026-01-31: no longer accepted/,
    );
    expect(lastLine(expired.stdout)).toMatch(/^3 passed, 1 failed, /);
  });

  test('a known deviations file naming an unknown requirement refuses the run in one line, before any test', async () => {
    const file = join(folder, 'conformance-known.yaml');
    writeFileSync(
      file,
      'known:\n  - {requirement: R99-01, reason: x, link: "https://t.example/1", expires: 2099-01-01}\n',
    );
    const refused = await conformance(join(folder, 'reports'), {
      night: 'n1',
      faults: [],
      grep: '@R8-01',
      known: file,
    });
    expect(refused.status).toBe(2);
    expect(refused.stdout.trim().split('\n')).toEqual([
      `0 passed, 1 failed (the run stopped before its tests: ${file}: R99-01 is no requirement of the catalogue (npm run requirements lists them))`,
    ]);
  });
});

/** Texts of the elements, in the page's order. */
async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allInnerTexts();
}

/** The triage and the requirements page: the overview's global attachments. */
async function expectTriageAttachments(page: Page): Promise<void> {
  await page
    .getByText(/^Global Attachments/)
    .first()
    .click();
  await expect(page.getByText('triage.html', { exact: true })).toBeVisible();
  await expect(page.getByText('requirements.html', { exact: true })).toBeVisible();
}

/**
 * The report as a reader opens it from a downloaded folder (file://, Debian's Chromium): the tree's
 * sections in the specification's order, the triage among the global attachments; the requirements page with its marks.
 */
async function lookAtReport(reportDir: string): Promise<void> {
  const shots = resolve(settings().REPORTS_DIR, 'triage-look');
  mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.route(/googletagmanager\.com/, (route) => route.abort());
    await page.goto(pathToFileURL(join(reportDir, 'index.html')).href);
    await page
      .locator('[data-testid="tree-section-title"]')
      .first()
      .waitFor({ timeout: patient(30_000) });
    const sections = (await texts(page, '[data-testid="tree-section-title"]')).filter((title) =>
      /^(\(|§)/.test(title),
    );
    // The triage is no test (the report counts the run's tests alone): not in the tree.
    expect(sections.slice(0, 2)).toEqual(['§4.2 Exchange code for access token', '§4.5 Catalog lookups']);
    // Section, then requirement (the first a test covers), then the test: a passing group opens on a click.
    await page.locator('[data-testid="tree-section-title"]', { hasText: '§4.5 Catalog lookups' }).click();
    const requirementGroup = page.locator('[data-testid="tree-section-title"]', {
      hasText: /^R4\.5-01 The nine catalog lookups/,
    });
    await requirementGroup.click();
    await expect(
      page.getByText('the car chain: generated picks from each answer lead to the next lookup'),
    ).toBeVisible();
    await page.screenshot({ path: join(shots, 'tree.png') });
    await expectTriageAttachments(page);
    await page.goto(pathToFileURL(join(reportDir, 'requirements.html')).href);
    const row = page.locator('tr[data-requirement="R2.6-02"]');
    await expect(row).toHaveAttribute('data-verdict', 'passed');
    const marks = await row
      .locator('td.marks .mark')
      .evaluateAll((found) => found.map((mark) => mark.getAttribute('data-verdict')));
    expect(marks).toEqual(['failed', 'failed', 'failed', 'passed']);
    await expect(page.locator('tr[data-requirement="R8-01"]')).toHaveAttribute('data-verdict', 'not run');
    const headers = await texts(page, 'tr.section th');
    expect(headers.indexOf('§2.1 Application registration (done outside the API)')).toBeLessThan(
      headers.indexOf('§4.5 Catalog lookups'),
    );
    await expect(page.locator('section.triage[data-section="Fixed tonight"]')).toContainText('R2.6-02');
    await page.screenshot({ path: join(shots, 'requirements.png'), fullPage: false });
  } finally {
    await browser.close();
  }
}
