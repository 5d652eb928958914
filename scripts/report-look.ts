// Opens the generated Allure report in headless Chromium, as a QA reader would, and checks that
// what they work from is there: the overview with the environment panel, a failed check with its
// reproduction and link to the specification, a property test with its seed, a notification
// delivery, a browser flow's screenshots, the graphs of the runs' trends, the triage first in a tree
// of the specification's sections, and the requirements page. Screenshots go to <REPORTS_DIR>/report-look/.
// Usage: npm run report:look [-- report-folder]   (default: <REPORTS_DIR>/allure-report)
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { settings } from '../config/environment.js';

/** The report is served by Playwright's own routing under this origin: no server, no port. */
const REPORT_ORIGIN = 'http://allure-report.invalid/';

interface ReportItem {
  attachments?: Array<{ link?: { name?: string } }>;
  steps?: ReportItem[];
}
interface ReportTest extends ReportItem {
  id: string;
  name: string;
  status: string;
}
/** A page to look at: a test chosen from the report's own data, and what it must show. */
interface Look {
  name: string;
  test: ReportTest | undefined;
  expected: RegExp[];
  /** Titles of the steps and attachments to open first. */
  open: RegExp[];
}

/** The report's tests: its data files, or the same files embedded in a single-file report. */
function readResults(dir: string): ReportTest[] {
  const folder = join(dir, 'data', 'test-results');
  if (!existsSync(folder)) return embeddedResults(readFileSync(join(dir, 'index.html'), 'utf8'));
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as ReportTest);
}

/** A single-file report holds each data file as `d("data/test-results/<id>.json","<base64>")`. */
function embeddedResults(html: string): ReportTest[] {
  return [...html.matchAll(/d\("data\/test-results\/[^"]+\.json","([A-Za-z0-9+/=]+)"\)/g)].map(
    ([, base64 = '']) => JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as ReportTest,
  );
}

function attachmentNames(item: ReportItem): string[] {
  const own = (item.attachments ?? []).map((entry) => entry.link?.name ?? '');
  return [...own, ...(item.steps ?? []).flatMap(attachmentNames)];
}

function hasAttachment(test: ReportItem, pattern: RegExp): boolean {
  return attachmentNames(test).some((name) => pattern.test(name));
}

function looksAt(results: readonly ReportTest[]): Look[] {
  const pick = (
    name: string,
    matches: (test: ReportTest) => boolean,
    expected: RegExp[],
    open: RegExp[],
  ) => ({
    name,
    test: results.find(matches),
    expected,
    open,
  });
  return [
    pick(
      'failed check',
      (test) => test.status === 'failed' && hasAttachment(test, /^reproduce with curl$/),
      [
        /ConformanceFailure: \[R[0-9.]+-[0-9]+ §/,
        /--- reproduce \(set /,
        /curl -i --globoff/,
        /--- rerun the test ---/,
        /Links/,
        /§[0-9.]+ [A-Z]/,
        /Checks these requirements/,
        /Category: Conformance failures/,
      ],
      [/reproduce with curl$/],
    ),
    pick('property test', (test) => hasAttachment(test, /^fast-check /), [/seed: [0-9]+/], [/fast-check /]),
    pick(
      'delivery',
      (test) => hasAttachment(test, /^deliveries to /),
      [/deliveries to \//, /"topic"|content-type/],
      [/deliveries to /],
    ),
    pick(
      'browser flow',
      (test) => hasAttachment(test, /^login page: /),
      [/browser: authorization flow/, /login page: sign in as /],
      [/browser: authorization flow/, /login page: sign in as /, /login page: sign in as /],
    ),
  ];
}

/**
 * Serves the report folder to the browser through Playwright's routing (route.fulfill reads the
 * file and sets its content type); a path outside the folder is refused.
 */
async function serveReport(context: BrowserContext, root: string): Promise<void> {
  await context.route(`${REPORT_ORIGIN}**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname).replace(/^\/+/, '');
    const file = resolve(root, path === '' ? 'index.html' : path);
    const inside = relative(root, file);
    if (inside.startsWith('..') || isAbsolute(inside)) return route.fulfill({ status: 403 });
    if (!existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ path: file });
  });
  // The report's page loads Google Analytics: nothing of the look depends on it.
  await context.route(/googletagmanager\.com/, (route) => route.abort());
}

/**
 * Opens a step or an attachment of the test body by its title (the innermost one matching; a
 * header's text starts with its number). The report opens some steps itself (those holding a
 * failed call): a click that closed the item is undone.
 */
async function openItem(page: Page, title: RegExp): Promise<void> {
  const header = page
    .locator('[data-testid="test-result-step-header"], [data-testid="test-result-attachment-header"]')
    .filter({ hasText: title });
  if ((await header.count()) === 0) return;
  const item = page
    .locator('[data-testid="test-result-step"], [data-testid="test-result-attachment"]')
    .filter({ has: header })
    .last();
  const before = (await item.innerText()).length;
  await header.last().scrollIntoViewIfNeeded();
  await header.last().click({ timeout: 5_000 });
  await page.waitForTimeout(300);
  if ((await item.innerText()).length < before) {
    await header.last().click({ timeout: 5_000 });
    await page.waitForTimeout(300);
  }
}

/** The page's text, with that of its frames (the report shows a description in an iframe). */
async function pageText(page: Page): Promise<string> {
  const texts = await Promise.all(
    page.frames().map((frame) =>
      frame
        .locator('body')
        .innerText()
        .catch(() => ''),
    ),
  );
  return texts.join('\n');
}

/** The patterns the page's text does not show, each named after where it was looked for. */
async function missingText(page: Page, where: string, patterns: readonly RegExp[]): Promise<string[]> {
  const text = await pageText(page);
  return patterns.filter((pattern) => !pattern.test(text)).map((pattern) => `${where}: ${String(pattern)}`);
}

/** The overview, scrolled to the top as a reader starts, then the trends' graphs. */
async function lookAtOverview(page: Page, shotsDir: string): Promise<string[]> {
  await page.goto(REPORT_ORIGIN);
  await page.getByText(/Total/).first().waitFor({ timeout: 30_000 });
  // The report scrolls to the first test; the reader starts at the top.
  await page.mouse.move(700, 500);
  await page.mouse.wheel(0, -20_000);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shotsDir, 'overview.png') });
  // The name carries the counts, skipped included (scripts/allure-counts.mjs): the centre percentage
  // leaves the skipped out. A skip is no global error (helpers/report/allure-reporter.ts).
  const missing = await missingText(page, 'overview', [
    /target_auth_url/,
    /test_helpers/,
    /Failed|Passed/,
    /\d+ passed, \d+ failed, \d+ skipped, \d+ advisory warnings(, \d+ known deviations)? \(of \d+ tests\)/,
    /Global Errors\s*0(?!\d)/,
  ]);
  // The trends: "Report" menu, "Graphs" (status dynamics across the runs of the history file).
  await page.getByText('Report', { exact: true }).first().click();
  await page.getByText('Graphs', { exact: true }).first().click();
  await page.getByText('Status dynamics').first().waitFor({ timeout: 15_000 });
  await page.screenshot({ path: join(shotsDir, 'graphs.png') });
  return missing;
}

/** The section number a tree group names (`§4.5 Catalog lookups`), as numbers to compare. */
function sectionNumbers(title: string): number[] {
  return (/^§([\d.]+)/.exec(title)?.[1] ?? '').split('.').map(Number);
}

function inSpecOrder(titles: readonly string[]): boolean {
  const numbers = titles.map(sectionNumbers);
  return numbers.every((current, index) => {
    const previous = numbers[index - 1];
    if (previous === undefined) return true;
    const at = current.findIndex((part, place) => part !== previous[place]);
    return at === -1 ? current.length >= previous.length : (current[at] ?? 0) > (previous[at] ?? -1);
  });
}

/**
 * The triage among the global attachments (no test: the report counts the run's tests alone), the
 * sections in the specification's order, and the requirements page.
 */
async function lookAtTriage(page: Page, shotsDir: string): Promise<string[]> {
  await page.goto(REPORT_ORIGIN);
  const titles = page.locator('[data-testid="tree-section-title"]');
  await titles.first().waitFor({ timeout: 30_000 });
  const top = await titles.allInnerTexts();
  const problems: string[] = [];
  await page
    .getByText(/^Global Attachments/)
    .first()
    .click();
  if ((await page.getByText('triage.html', { exact: true }).count()) === 0)
    problems.push('global attachments: no triage.html');
  if (!inSpecOrder(top.filter((title) => title.startsWith('§'))))
    problems.push(`tree: sections out of the specification's order (${top.join(', ')})`);
  await page.goto(`${REPORT_ORIGIN}requirements.html`);
  await page.screenshot({ path: join(shotsDir, 'requirements.png') });
  return [
    ...problems,
    ...(await missingText(page, 'requirements page', [
      /New failures tonight/,
      /Every requirement/,
      /R2\.1-01/,
    ])),
  ];
}

async function lookAtTest(page: Page, look: Look, shotsDir: string): Promise<string[]> {
  if (look.test === undefined) return [`${look.name}: no such test in this report`];
  await page.goto(`${REPORT_ORIGIN}#${look.test.id}`);
  await page.getByText(look.test.name).first().waitFor({ timeout: 15_000 });
  for (const title of look.open) await openItem(page, title);
  await page.screenshot({ path: join(shotsDir, `${look.name.replace(/\W+/g, '-')}.png`) });
  return missingText(page, `${look.name} ("${look.test.name}")`, look.expected);
}

async function lookAtReport(reportDir: string, shotsDir: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: settings().CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await serveReport(context, reportDir);
    const page = await context.newPage();
    const problems = [...(await lookAtOverview(page, shotsDir)), ...(await lookAtTriage(page, shotsDir))];
    for (const look of looksAt(readResults(reportDir)))
      problems.push(...(await lookAtTest(page, look, shotsDir)));
    return problems;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  const reports = settings().REPORTS_DIR;
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const reportDir = resolve(positionals[0] ?? join(reports, 'allure-report'));
  const shotsDir = resolve(reports, 'report-look');
  if (!existsSync(join(reportDir, 'index.html'))) {
    console.error(`No report at ${reportDir}: run npm run conformance (or npx allure generate) first.`);
    return 2;
  }
  mkdirSync(shotsDir, { recursive: true });
  const problems = await lookAtReport(reportDir, shotsDir);
  console.log(`Screenshots: ${shotsDir}`);
  for (const problem of problems) console.error(`MISSING ${problem}`);
  console.log(
    problems.length === 0 ? 'The report shows what a reader needs.' : `${problems.length} problem(s).`,
  );
  return problems.length === 0 ? 0 : 1;
}

void main().then((status) => process.exit(status));
