import { defineConfig } from '@playwright/test';
import { browserTrustArgs } from './helpers/target/browser-trust.js';
import { BROWSER_VIEWPORT, CHROMIUM_ARGS, chromiumPath } from './helpers/target/chromium.js';
import { loadDotEnv } from './helpers/target/dotenv.js';
import { browserUserAgent } from './helpers/target/user-agent.js';
import { reportEnvironment } from './helpers/report/report-environment.js';
import { requirementTitle, requirementUrl } from './helpers/report/spec-link.js';
import { environment, passToWorkers, settings } from './config/environment.js';
import { measuredRoundTripMs, workersFor } from './helpers/target/round-trip.js';
import { patient } from './helpers/target/patience.js';

loadDotEnv();
// Typed, declared values (config/); a wrong one falls back to its default here, and the global
// set-up stops the run with every wrong variable named before any test starts.
const run = settings();
const reportsDir = run.REPORTS_DIR;
/** CONFORMANCE_WORKERS when it is set; undefined leaves the count to the target's distance. */
function configuredWorkers(): number | undefined {
  return environment().CONFORMANCE_WORKERS === undefined ? undefined : run.CONFORMANCE_WORKERS;
}

/**
 * How far another server is, timed once by the run's main process and handed to its workers (which
 * load this file too); the embedded sandbox is at home.
 */
function targetRoundTripMs(): number | null {
  const known = environment().CONFORMANCE_ROUND_TRIP_MS;
  if (known !== undefined) return known === '' ? null : Number(known);
  const appsUrl = environment().TARGET_APPS_URL;
  if (appsUrl === undefined || appsUrl === '') {
    // The embedded sandbox: its global set-up names it in TARGET_APPS_URL before the workers load
    // this file, which would otherwise each time it from a child process of their own.
    passToWorkers({ CONFORMANCE_ROUND_TRIP_MS: '' });
    return null;
  }
  const measured = measuredRoundTripMs(appsUrl, environment().TLS_CA_FILE);
  passToWorkers({ CONFORMANCE_ROUND_TRIP_MS: measured === null ? '' : String(measured) });
  return measured;
}

// A fixed receiver port (WEBHOOK_LISTEN_PORT) can be bound by one worker only: the run then uses one.
const fixedReceiverPort = run.WEBHOOK_LISTEN_PORT !== undefined;
const baseWorkers = fixedReceiverPort ? 1 : workersFor(configuredWorkers(), targetRoundTripMs());
/**
 * CONFORMANCE_SLOW=1: the `slow` project, whose two tests wait out the code's ten-minute lifetime
 * in real time. It comes first (Playwright queues and shards tests in the order of the projects)
 * and has two workers of its own on top of the others, so both tests start at once and the rest of
 * the run goes on beside them at its usual pace: the run grows by about eleven minutes at most.
 */
const slow = run.CONFORMANCE_SLOW;
const SLOW_TESTS = '**/*.slow.spec.ts';
const slowWorkers = slow ? 2 : 0;
/**
 * Tests that must run after every conformance test (`*.last.spec.ts`: the rate-limit burst, whose
 * limit or address block must not hold up another listing test). They are the `conformance-last`
 * project, the teardown of `conformance`: Playwright runs a teardown once its project's tests have
 * all ended, passed or failed (a dependent project would be skipped after a failure), and selecting
 * `conformance` selects it too. One worker, started at the end: a second or two of a gate's time.
 */
const LAST_TESTS = '**/*.last.spec.ts';
/**
 * CONFORMANCE_OBSERVE_SECONDS: the `observe` project, one test that keeps a notification
 * configuration live that long and checks what the marketplace delivers by itself. Like `slow`, it
 * comes first with a worker of its own, beside the rest. A fixed WEBHOOK_LISTEN_PORT is one
 * receiver for the whole run, held by the one worker of the other tests: the observation then runs
 * among them in that worker (the run grows by the window), and the `observe` project holds no test.
 */
const observe = run.CONFORMANCE_OBSERVE_SECONDS !== undefined;
const OBSERVE_TESTS = '**/*.observe.spec.ts';
const observeWorkers = observe && !fixedReceiverPort ? 1 : 0;
/**
 * The advisory project's few tests get one worker of their own, beside the others from the start:
 * queued after the conformance tests, they ran at the end, behind a second start of every worker
 * (a tenth of the gate's time).
 */
const advisoryWorkers = 1;

/**
 * `--list` runs nothing: it prints what would run and writes no report, so the last run's
 * results.json, junit.xml, Allure results and observed profile stay as that run left them.
 */
const listing = process.argv.includes('--list');

export default defineConfig({
  testDir: '.',
  forbidOnly: run.CI !== undefined,
  fullyParallel: true,
  workers: baseWorkers + slowWorkers + observeWorkers + advisoryWorkers,
  retries: 0,
  // Guards against a hang, as long as the machine's load makes them (helpers/target/patience.ts).
  timeout: patient(60_000),
  expect: { timeout: patient(5_000) },
  globalSetup: './embedded/global-setup.ts',
  outputDir: `${reportsDir}/test-output`,
  reporter: listing
    ? [['list']]
    : [
        ['list'],
        ['json', { outputFile: `${reportsDir}/results.json` }],
        ['junit', { outputFile: `${reportsDir}/junit.xml` }],
        [
          // allure-playwright, with a writer that does not fsync each of its files (see the file).
          './helpers/report/allure-reporter.ts',
          {
            resultsDir: `${reportsDir}/allure-results`,
            detail: true,
            suiteTitle: true,
            // covers() gives each test a `tms` annotation per requirement: a link to its sentence.
            links: {
              tms: { urlTemplate: (id: string) => requirementUrl(id), nameTemplate: requirementTitle },
            },
            environmentInfo: reportEnvironment(),
          },
        ],
        // After allure-playwright: marks broken-environment failures "broken" in its results.
        [
          './helpers/report/broken-environment-reporter.ts',
          { resultsDir: `${reportsDir}/allure-results`, junitFile: `${reportsDir}/junit.xml` },
        ],
        // The observed profile and its drift from CONFORMANCE_BASELINE (helpers/profile/), in Allure too.
        ['./helpers/profile/profile-reporter.ts', { reportsDir, resultsDir: `${reportsDir}/allure-results` }],
        // The origins the run's requests reached: an API request off the target ends the run broken.
        ['./helpers/report/origins-reporter.ts', { reportsDir }],
      ],
  use: {
    headless: true,
    viewport: BROWSER_VIEWPORT,
    // CONFORMANCE_USER_AGENT, when set, for the browser too; else Chromium's own (helpers/target/user-agent.ts).
    userAgent: browserUserAgent(),
    // Every TLS error is an error: a private CA (TLS_CA_FILE) is trusted for the target's own
    // certificate alone, checked against that CA by global setup (helpers/target/browser-trust.ts).
    ignoreHTTPSErrors: false,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, ...browserTrustArgs()],
    },
    // Refused by global setup (helpers/target/trace-guard.ts): a trace would hold passwords and tokens.
    trace: 'off',
    screenshot: 'off',
  },
  projects: [
    ...(observe
      ? [
          {
            name: 'observe',
            testDir: './suites',
            testMatch: fixedReceiverPort ? '**/none-while-the-port-is-fixed' : OBSERVE_TESTS,
            workers: 1,
          },
        ]
      : []),
    ...(slow ? [{ name: 'slow', testDir: './suites', testMatch: SLOW_TESTS, workers: slowWorkers }] : []),
    // Each held to the usual workers beside the slow ones: one receiver on a fixed WEBHOOK_LISTEN_PORT.
    {
      name: 'conformance',
      testDir: './suites',
      testIgnore: [
        '**/advisory/**',
        SLOW_TESTS,
        LAST_TESTS,
        ...(observe && fixedReceiverPort ? [] : [OBSERVE_TESTS]),
      ],
      workers: baseWorkers,
      teardown: 'conformance-last',
    },
    { name: 'conformance-last', testDir: './suites', testMatch: LAST_TESTS, workers: 1 },
    // Points the specification does not require (RFC 6749, RFC 9700): warnings, never a failure of the gate.
    { name: 'advisory', testDir: './suites/advisory', workers: advisoryWorkers },
    { name: 'selftest', testDir: './selftest', workers: baseWorkers },
  ],
});
