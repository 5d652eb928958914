import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import type { TestResult } from 'allure-js-commons';
import { fidelityOf, fidelityTests } from '../helpers/profile/fidelity.js';
import type { Profile } from '../helpers/profile/profile.js';
import { contractText, type RelianceFact } from '../report-card/reliance/contract.js';
import { cliCommand } from './support/cli-command.js';

/**
 * The fidelity and the reliance check in the night's Allure report: one result a fact, under a
 * suite of their own, its status the fact's verdict, the two values of a difference and what to
 * do for a broken fact shown.
 */

function profile(target: string, observedAt: string, onix: number, rateLimit: number): Profile {
  return {
    format: 'classifieds-observed-profile/1',
    target,
    observedAt,
    run: {},
    catalog: {
      car: { id: 'car_info', children: { Chevrolet: { id: 1, children: { Onix: { id: onix } } } } },
    },
    areas: {
      listing: {
        success: 'HTTP 200',
        'error RATE_LIMIT': `HTTP ${rateLimit} {message:string,reason:"RATE_LIMIT"}`,
      },
    },
  };
}

function resultsIn(dir: string): TestResult[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as TestResult)
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

const label = (result: TestResult, name: string): string | undefined =>
  result.labels.find((one) => one.name === name)?.value;

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fact-allure-'));
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('fidelity --allure-results: one result a fact, under the fidelity suite, a difference failed with both values', async () => {
  const marketplace = join(dir, 'marketplace.json');
  const double = join(dir, 'double.json');
  const market = profile('the marketplace', '2026-12-04T02:00:00Z', 2001, 429);
  writeFileSync(marketplace, JSON.stringify(market));
  const doubled = profile('the double', '2026-12-04T03:00:00Z', 1001, 429);
  delete doubled.areas.listing?.success;
  writeFileSync(double, JSON.stringify(doubled));
  const results = join(dir, 'allure-results');
  const run = await cliCommand('fidelity', [
    '--observed',
    marketplace,
    '--double',
    double,
    '--out',
    join(dir, 'fidelity'),
    '--allure-results',
    results,
  ]);
  expect(run.stdout).toContain('fidelity: 4 facts in');
  const written = resultsIn(results);
  expect(written.map((result) => [result.name, result.status])).toEqual([
    ['catalog | car / Chevrolet', 'passed'],
    ['catalog | car / Chevrolet / Onix', 'failed'],
    ['listing | error RATE_LIMIT', 'passed'],
    ['listing | success', 'skipped'],
  ]);
  const [, onix, , success] = written;
  expect(onix?.statusDetails).toMatchObject({
    message: 'differs: marketplace 2001, double 1001',
    expected: '2001',
    actual: '1001',
  });
  expect(success?.statusDetails.message).toBe(
    'not observed on the double: marketplace "HTTP 200", double (not observed)',
  );
  for (const result of written) {
    expect(label(result, 'parentSuite')).toBe('fidelity');
    expect(result.historyId, 'a stable id from night to night').toMatch(/^[0-9a-f]{32}$/);
  }
  expect(label(onix as TestResult, 'suite')).toBe('catalog');
  expectAreas();
});

/** Per area, worst first, with the facts that differ: the car chain's Onix, the listing's success unseen. */
function expectAreas(): void {
  const areas = (
    JSON.parse(readFileSync(join(dir, 'fidelity', 'fidelity.json'), 'utf8')) as { areas: unknown }
  ).areas;
  expect(areas).toEqual([
    { area: 'catalog car', agreed: 1, total: 2, differing: ['car / Chevrolet / Onix'] },
    { area: 'listing', agreed: 1, total: 2, differing: ['success'] },
  ]);
  expect(readFileSync(join(dir, 'fidelity', 'fidelity.md'), 'utf8')).toContain(
    '| catalog car | 1 of 2 (50 %) | car / Chevrolet / Onix |',
  );
}

test('fidelity with a calibration: a claimed difference fails, one it lists as not reproducible is skipped', () => {
  const market = profile('the marketplace', '2026-12-04T02:00:00Z', 2001, 503);
  const double = profile('the double', '2026-12-04T03:00:00Z', 1001, 429);
  const tests = fidelityTests(
    fidelityOf(market, double, { facts: new Set(['listing | success']), catalog: true }),
  );
  expect(tests.map((one) => [one.name, one.status])).toEqual([
    ['catalog | car / Chevrolet', 'passed'],
    ['catalog | car / Chevrolet / Onix', 'failed'],
    ['listing | error RATE_LIMIT', 'skipped'],
    ['listing | success', 'passed'],
  ]);
  expect(tests[1]?.message).toBe(
    'the calibration claims this fact and the double differs: marketplace 2001, double 1001',
  );
  expect(tests[2]?.message).toContain('the calibration lists it as not reproducible: marketplace "HTTP 503');
});

/**
 * `reliance check --allure-results` over a contract of `facts` and tonight's profile (Onix renumbered
 * 2001, the rate limit 429): its exit and the results folder.
 */
async function relianceCheck(
  facts: RelianceFact[],
): Promise<{ code: number | null; stdout: string; results: string }> {
  const contract = join(dir, 'storefront.txt');
  writeFileSync(contract, contractText('cl_1', facts));
  const tonight = join(dir, 'observed.json');
  writeFileSync(tonight, JSON.stringify(profile('the marketplace', '2026-12-04T02:00:00Z', 2001, 429)));
  const results = join(dir, 'allure-results');
  const run = await cliCommand('reliance', [
    'check',
    '--contract',
    contract,
    '--observed',
    tonight,
    '--allure-results',
    results,
  ]);
  return { code: run.code, stdout: run.stdout, results };
}

test('reliance check --allure-results: holds passed, broken failed with what to do, unverified skipped', async () => {
  const facts: RelianceFact[] = [
    { kind: 'catalog id', subject: 'vehicle_model 1001', value: 'car / Chevrolet / Onix' },
    { kind: 'error', subject: 'listing GET RATE_LIMIT', value: 'HTTP 429; retried' },
    { kind: 'credentials', subject: 'listing GET', value: 'Authorization Bearer' },
  ];
  const { code, results } = await relianceCheck(facts);
  expect(code, 'a broken fact fails the gate').toBe(1);
  const written = resultsIn(results);
  expect(written.map((result) => [result.name, result.status, label(result, 'suite')])).toEqual([
    ['catalog id | vehicle_model 1001 | car / Chevrolet / Onix', 'failed', 'catalog id'],
    ['credentials | listing GET | Authorization Bearer', 'skipped', 'credentials'],
    ['error | listing GET RATE_LIMIT | HTTP 429; retried', 'passed', 'error'],
  ]);
  expect(written[0]?.statusDetails).toMatchObject({
    message:
      'relies on vehicle_model 1001 = car / Chevrolet / Onix; the marketplace has Onix as 2001 since 2026-12-04: refresh your stored catalog ids from the lookups (spec 9.4)',
    expected: 'car / Chevrolet / Onix',
    actual: 'has Onix as 2001',
  });
  expect(written[1]?.statusDetails.message).toMatch(
    /^unverified tonight: .*; the nightly would need to observe a listing GET request with Authorization Bearer, answered$/,
  );
  for (const result of written) {
    expect(label(result, 'parentSuite')).toBe('reliance storefront');
    expect(label(result, 'kind'), 'a fact, not a test of the target').toBe('reliance');
  }
});

test("the facts are no tests of the target: the report's name counts them no more than the run's last line", async () => {
  const { code, stdout, results } = await relianceCheck([
    { kind: 'endpoint', subject: 'listing GET', value: 'HTTP 200' },
  ]);
  expect(code, stdout).toBe(0);
  writeFileSync(
    join(results, 'a-test-result.json'),
    JSON.stringify({
      uuid: 'a-test',
      historyId: 'a-test',
      name: 'a test of the target',
      status: 'failed',
      labels: [],
      stop: 1,
    }),
  );
  const counts = (await import(pathToFileURL(resolve(__dirname, '../scripts/allure-counts.mjs')).href)) as {
    statusCounts: (folders: readonly string[]) => Record<string, number>;
  };
  expect(counts.statusCounts([results])).toEqual({ failed: 1 });
});
