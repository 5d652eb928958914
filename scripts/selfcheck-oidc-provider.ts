// npm run selfcheck:oidc-provider [-- --workers N] [--grep REGEX] [--expected FILE] [--reports DIR] [--serve]
// Self-validation against an independent implementation: oidc-provider (an OpenID Certified
// OAuth 2.0 server written by others), configured for this API, started on loopback ports; the
// authorization, token and advisory areas run against it as against any external target (no test
// helpers), and the failures are compared with the expected-deviations file. An unexpected failure,
// an expected one that did not happen, or the client secret or password in a report exits 1.
// --serve only starts the server and prints its variables (throwaway credentials, as npm run
// sandbox does), to run the suite by hand.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AUTHORIZATION_SERVER_AREAS as AREAS } from '../selftest/independent/areas.js';
import { markerPatterns, scanTree } from '../helpers/report/secret-scan.js';
import { compare, readExpected, type Comparison } from '../selftest/independent/expected.js';
import { startOidcProvider, type RunningProvider } from '../selftest/independent/oidc-provider/server.js';
import { readVerdicts } from '../selftest/independent/verdicts.js';
import { environmentWithoutTarget } from '../embedded/run-suite.js';
import { settings } from '../config/environment.js';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '2' },
    grep: { type: 'string' },
    expected: { type: 'string', default: 'selftest/independent/oidc-provider.expected.json' },
    reports: {
      type: 'string',
      default: join(settings().REPORTS_DIR, 'selfcheck-oidc-provider'),
    },
    serve: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const server = await startOidcProvider();
  if (values.serve) {
    serve(server);
  } else {
    const started = performance.now();
    const exitCode = await check(server).finally(() => server.close());
    console.log(`(${Math.round((performance.now() - started) / 1000)} s)`);
    process.exit(exitCode);
  }
}

void main();

async function check(running: RunningProvider): Promise<number> {
  const expected = readExpected(values.expected);
  rmSync(values.reports, { recursive: true, force: true });
  const status = await playwright(running.env);
  const resultsFile = join(values.reports, 'results.json');
  if (!existsSync(resultsFile)) {
    console.error(`\nselfcheck: Playwright wrote no ${resultsFile} (exit ${status}): see its output above.`);
    return 1;
  }
  const verdicts = readVerdicts(resultsFile);
  const compared = compare(verdicts, expected.deviations);
  // With --grep, the entries' other tests were filtered out, not passed.
  const comparison =
    values.grep === undefined
      ? compared
      : { ...compared, missing: compared.missing.filter(({ status }) => status !== 'not run') };
  const falseFailures = new Set(
    expected.deviations.filter((entry) => entry.falseFailure === true).flatMap((entry) => entry.tests),
  );
  report(
    comparison,
    verdicts.length,
    comparison.expected.filter((verdict) => falseFailures.has(verdict.test)).length,
  );
  const leaks = leakedSecrets(running.env);
  return comparison.unexpected.length === 0 &&
    comparison.missing.length === 0 &&
    verdicts.length > 0 &&
    leaks === 0
    ? 0
    : 1;
}

/** The client secret and the password are the run's own: neither may appear in any report, in any encoding. */
function leakedSecrets(target: Record<string, string>): number {
  const secrets = [target.TARGET_CLIENT_SECRET, target.TARGET_USER_PASSWORD].filter(
    (secret): secret is string => secret !== undefined,
  );
  const leaks = scanTree(values.reports, secrets.flatMap(markerPatterns));
  for (const leak of leaks) console.log(`  SECRET IN THE REPORTS  ${leak.where} (after "${leak.before}")`);
  return leaks.length;
}

function playwright(target: Record<string, string>): Promise<number> {
  // No helpers, faults, receiver or writes of the caller's (nor of a .env): only this target.
  const env = environmentWithoutTarget();
  Object.assign(env, target, { REPORTS_DIR: values.reports, CONFORMANCE_WORKERS: values.workers });
  const args = [
    'playwright',
    'test',
    '--project=conformance',
    '--project=advisory',
    ...(values.grep === undefined ? [] : ['--grep', values.grep]),
    ...AREAS,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => {
      resolve(code ?? 1);
    });
  });
}

function report(comparison: Comparison, total: number, falseFailures: number): void {
  console.log(
    `\nselfcheck oidc-provider: ${total} tests, ${comparison.expected.length} expected failures ` +
      `(${falseFailures} of them false failures of the suite, marked falseFailure), ${comparison.unexpected.length} unexpected, ` +
      `${comparison.missing.length} expected but not failing (${values.expected})`,
  );
  for (const verdict of comparison.unexpected)
    console.log(`  UNEXPECTED FAILURE  ${verdict.test}\n      ${verdict.message}`);
  for (const { entry, test, status } of comparison.missing)
    console.log(`  EXPECTED TO FAIL (${entry.id}), ${status.toUpperCase()}  ${test}`);
}

function serve(running: RunningProvider): void {
  console.log('oidc-provider is running; in another shell:\n');
  for (const [name, value] of Object.entries(running.env)) console.log(`export ${name}='${value}'`);
  console.log(
    `npx playwright test --project=conformance --project=advisory ${AREAS.join(' ')}\n\nCtrl-C stops it.`,
  );
  process.once('SIGINT', () => {
    void running.close().then(() => process.exit(0));
  });
}
