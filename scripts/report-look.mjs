// Opens the generated Allure report in headless Chromium, as a QA reader would, and checks that
// what they work from is there: the overview with the environment panel, a failed check with its
// reproduction and link to the specification, a property test with its seed, a notification
// delivery, a browser flow's screenshots, and the graphs of the runs' trends. Screenshots go to <REPORTS_DIR>/report-look/.
// Usage: node scripts/report-look.mjs [report folder]   (default: <REPORTS_DIR>/allure-report)
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from '@playwright/test';

const reports = process.env.REPORTS_DIR ?? 'reports';
const reportDir = resolve(process.argv[2] ?? join(reports, 'allure-report'));
const shotsDir = resolve(reports, 'report-look');
const CONTENT_TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
};

if (!existsSync(join(reportDir, 'index.html'))) {
  console.error(`No report at ${reportDir}: run npm run conformance (or npx allure generate) first.`);
  process.exit(2);
}
mkdirSync(shotsDir, { recursive: true });

const results = readResults(reportDir);
/** The pages to look at: each a test chosen from the report's own data, and what it must show. */
const looks = [
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

const server = await serve(reportDir);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const problems = [];
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // The report's page loads Google Analytics: nothing of the look depends on it.
  await page.route(/googletagmanager\.com/, (route) => route.abort());
  await page.goto(base);
  await page.getByText(/Total/).first().waitFor({ timeout: 30_000 });
  // The report scrolls to the first test; the reader starts at the top.
  await page.mouse.move(700, 500);
  await page.mouse.wheel(0, -20_000);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shotsDir, 'overview.png') });
  await expectText(page, 'overview', [/target_auth_url/, /test_helpers/, /Failed|Passed/]);
  // The trends: "Report" menu, "Graphs" (status dynamics across the runs of the history file).
  await page.getByText('Report', { exact: true }).first().click();
  await page.getByText('Graphs', { exact: true }).first().click();
  await page.getByText('Status dynamics').first().waitFor({ timeout: 15_000 });
  await page.screenshot({ path: join(shotsDir, 'graphs.png') });
  for (const look of looks) {
    if (look.test === undefined) {
      problems.push(`${look.name}: no such test in this report`);
      continue;
    }
    await page.goto(`${base}#${look.test.id}`);
    await page.getByText(look.test.name).first().waitFor({ timeout: 15_000 });
    for (const title of look.open) await openItem(page, title);
    const file = join(shotsDir, `${look.name.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: file });
    await expectText(page, `${look.name} ("${look.test.name}")`, look.expected);
  }
} finally {
  await browser.close();
  server.close();
}

console.log(`Screenshots: ${shotsDir}`);
for (const problem of problems) console.error(`MISSING ${problem}`);
console.log(
  problems.length === 0 ? 'The report shows what a reader needs.' : `${problems.length} problem(s).`,
);
process.exit(problems.length === 0 ? 0 : 1);

function readResults(dir) {
  const folder = join(dir, 'data', 'test-results');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')));
}

function attachmentNames(item) {
  const own = (item.attachments ?? []).map((entry) => entry.link?.name ?? '');
  return [...own, ...(item.steps ?? []).flatMap(attachmentNames)];
}

function hasAttachment(test, pattern) {
  return attachmentNames(test).some((name) => pattern.test(name));
}

function pick(name, matches, expected, open) {
  return { name, test: results.find(matches), expected, open };
}

/**
 * Opens a step or an attachment of the test body by its title (the innermost one matching; a
 * header's text starts with its number). The report opens some steps itself (those holding a
 * failed call): a click that closed the item is undone.
 */
async function openItem(page, title) {
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
async function pageText(page) {
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

async function expectText(page, where, patterns) {
  const text = await pageText(page);
  for (const pattern of patterns) if (!pattern.test(text)) problems.push(`${where}: ${pattern}`);
}

async function serve(root) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^[/\\]+/,
      '',
    );
    const file = join(root, path === '' ? 'index.html' : path);
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  return server;
}
