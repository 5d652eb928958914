// A run whose resolved target differs from its variables (selftest/origins.spec.ts): the suite's
// global set-up and origins reporter, and one test whose target fixture points elsewhere.
import { defineConfig } from '@playwright/test';
import { settings } from '../../../config/environment.js';
import { reportEnvironment } from '../../../helpers/report/report-environment.js';

const reportsDir = settings().REPORTS_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: /stray-origin\.run\.ts$/,
  workers: 1,
  globalSetup: '../../../embedded/global-setup.ts',
  reporter: [
    ['list'],
    ['json', { outputFile: `${reportsDir}/results.json` }],
    [
      '../../../helpers/report/allure-reporter.ts',
      { resultsDir: `${reportsDir}/allure-results`, environmentInfo: reportEnvironment() },
    ],
    ['../../../helpers/report/origins-reporter.ts', { reportsDir }],
  ],
});
