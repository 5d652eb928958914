import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runTriage } from '../scripts/triage/run.js';

const TITLE = 'the catalog answers';

/** Playwright's JSON of a test that failed, then passed on its retry (status `flaky`). */
function flakyReport(): unknown {
  const spec = {
    title: TITLE,
    file: 'suites/catalogs.spec.ts',
    line: 7,
    tags: ['@R4.5-01'],
    tests: [
      {
        projectName: 'conformance',
        status: 'flaky',
        results: [{ status: 'failed', error: { message: 'Error: socket hang up' } }, { status: 'passed' }],
      },
    ],
  };
  return { errors: [], suites: [{ title: 'catalogs.spec.ts', specs: [spec] }] };
}

/** allure-playwright's two results of the test, one a try. */
function writeAllureResults(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [uuid, status] of [
    ['a1', 'failed'],
    ['a2', 'passed'],
  ])
    writeFileSync(
      join(dir, `${uuid}-result.json`),
      JSON.stringify({
        uuid,
        name: TITLE,
        fullName: `suites/catalogs.spec.ts › 4.5 › ${TITLE}`,
        status,
        labels: [],
      }),
    );
}

const JUNIT = `<testsuites tests="1" failures="0" skipped="0" errors="0">
<testsuite name="suites/catalogs.spec.ts" tests="1" failures="0" skipped="0" errors="0">
<testcase name="4.5 › ${TITLE}" classname="suites/catalogs.spec.ts" time="1">
</testcase>
</testsuite>
</testsuites>
`;

let folder = '';
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'triage-flaky-'));
});
test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

test('a test that failed, then passed on its immediate retry, is flaky in the triage, the Allure results and JUnit', () => {
  const results = join(folder, 'results.json');
  writeFileSync(results, JSON.stringify(flakyReport()));
  const allureDir = join(folder, 'allure-results');
  writeAllureResults(allureDir);
  const junit = join(folder, 'junit.xml');
  writeFileSync(junit, JUNIT);
  const request = {
    resultsFiles: [results],
    allureHistoryPath: join(folder, 'history', 'history.jsonl'),
    known: [],
    night: 'n1',
    today: new Date(),
    reportsDir: folder,
    allureResultsDirs: [allureDir],
    junitFiles: [junit],
    driftLine: '',
  };
  const done = runTriage(request);
  expect(done.lines).toContain('  Flaky: 1');
  expect(done.lines.join('\n')).toMatch(
    /R4\.5-01 §4\.5 .*: flaky \(a test failed, then passed on its immediate retry\)/,
  );
  const marked = ['a1', 'a2'].map(
    (uuid) => JSON.parse(readFileSync(join(allureDir, `${uuid}-result.json`), 'utf8')) as { flaky?: boolean },
  );
  expect(marked.map((result) => result.flaky)).toEqual([true, true]);
  // The triage is the report's global attachments, never a test result the report would count.
  expect(readdirSync(allureDir)).toContain('tonights-triage-globals.json');
  expect(readdirSync(allureDir)).not.toContain('tonights-triage-result.json');
  expect(readFileSync(junit, 'utf8')).toContain(
    '<property name="flaky" value="failed, then passed on its immediate retry">',
  );
  expect(readFileSync(join(folder, 'history', 'requirements.jsonl'), 'utf8')).toContain(
    '"flaky":["R4.5-01"]',
  );
  // A second triage of the same results (the nightly's report job after a shard's own) replaces the
  // first's attachments, and drops an earlier version's entry.
  writeFileSync(join(allureDir, 'tonights-triage-result.json'), '{}');
  runTriage({ ...request, night: 'n2' });
  const files = readdirSync(allureDir);
  expect(files.filter((name) => name.endsWith('-globals.json'))).toEqual(['tonights-triage-globals.json']);
  expect(files.filter((name) => name.startsWith('tonights-triage-result'))).toHaveLength(0);
});
