// A run of four tests through `npm run conformance` (scripts/conformance.ts, given this file by
// --config): one check that holds, one that fails, one advisory point that does not hold and one
// skip, written by the reporters of the package's own playwright.config.ts, so that
// selftest/one-count.spec.ts reads the counts each of them prints. No target: the tests send nothing.
import { defineConfig } from '@playwright/test';
import { settings } from '../../../config/environment.js';

const reportsDir = settings().REPORTS_DIR;

export default defineConfig({
  testDir: '.',
  workers: 1,
  retries: 0,
  outputDir: `${reportsDir}/test-output`,
  reporter: [
    ['list'],
    ['json', { outputFile: `${reportsDir}/results.json` }],
    ['junit', { outputFile: `${reportsDir}/junit.xml` }],
    ['../../../helpers/report/allure-reporter.ts', { resultsDir: `${reportsDir}/allure-results` }],
    [
      '../../../helpers/report/broken-environment-reporter.ts',
      { resultsDir: `${reportsDir}/allure-results`, junitFile: `${reportsDir}/junit.xml` },
    ],
  ],
  // The names npm run conformance selects (--project=conformance --project=advisory).
  projects: [
    { name: 'conformance', testMatch: 'checks.fixture.ts' },
    { name: 'advisory', testMatch: 'advisory.fixture.ts' },
  ],
});
