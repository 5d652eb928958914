import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { requirementGrep } from '../embedded/requirement-grep.js';
import { runSuite } from '../embedded/run-suite.js';
import { patient } from '../helpers/target/patience.js';

/** The only tests of the token endpoint's headers (4.2, 7.2). */
const TOKEN_HEADER_TESTS = [
  'every refusal carries Content-Type, Cache-Control and Pragma',
  'the code is exchanged for a Bearer token with the three headers',
];

/**
 * Every file that gets a code or a token as set-up, in every area: with the token endpoint
 * dropping Pragma, only the header tests may fail (the whole conformance project, measured by
 * hand, is in the README; this subset keeps the self-test within minutes).
 */
const SET_UP_USERS = [
  'suites/token',
  'suites/listing/errors.spec.ts',
  'suites/basic-user-info.spec.ts',
  'suites/catalogs.spec.ts',
  'suites/notifications/configuration.spec.ts',
  'suites/json-bodies.spec.ts',
];

test.describe('one deviation, one red test', () => {
  test('without Pragma on the token endpoint, exactly the token header tests fail', async () => {
    test.setTimeout(patient(720_000));
    const run = await runSuite({
      faults: ['token-pragma-missing'],
      files: SET_UP_USERS,
      workers: 2,
      timeoutMs: 660_000,
    });
    const failed = run.tests.filter((verdict) => verdict.status === 'failed');
    expect(
      failed.map((verdict) => verdict.title).sort(),
      failed.map((verdict) => `${verdict.title}: ${verdict.message.split('\n')[0] ?? ''}`).join('\n'),
    ).toEqual([...TOKEN_HEADER_TESTS].sort());
    for (const verdict of failed) expect(verdict.message).toMatch(/R4\.2-09|R7\.2-04/);
    expect(run.tests.filter((verdict) => verdict.status === 'passed').length).toBeGreaterThan(40);
  });

  test('a set-up that gets no token ends broken, naming the step, not its own requirement', async () => {
    test.setTimeout(patient(240_000));
    const reportsDir = mkdtempSync(join(tmpdir(), 'conformance-set-up-'));
    try {
      const run = await runSuite({
        faults: ['token-access-token-renamed'],
        files: ['suites/listing/errors.spec.ts'],
        // The two tests of a token with one listing scope (autoupload, basic_user_info): same tags.
        grep: requirementGrep(['R9-01']),
        reportsDir,
        timeoutMs: 200_000,
      });
      expect(run.tests).toHaveLength(2);
      for (const verdict of run.tests) {
        expect(verdict.status).toBe('failed');
        expect(verdict.message).toMatch(
          /^Set-up could not proceed: the code exchange \(scope (autoupload|basic_user_info)\) gave no token\n/,
        );
        expect(verdict.message).not.toMatch(/\[R[\d.]+-\d+ /);
      }
      const results = readdirSync(join(reportsDir, 'allure-results')).filter((name) =>
        name.endsWith('-result.json'),
      );
      expect(results).toHaveLength(2);
      for (const result of results) {
        const allure = JSON.parse(readFileSync(join(reportsDir, 'allure-results', result), 'utf8')) as {
          status: string;
          statusDetails: { message: string; trace: string };
        };
        expect(allure.status).toBe('broken');
        expect(allure.statusDetails.message).toMatch(
          /^Set-up could not proceed: the code exchange \(scope (autoupload|basic_user_info)\) gave no token$/,
        );
        expect(allure.statusDetails.trace).toMatch(/^A set-up step could not proceed/);
      }
    } finally {
      rmSync(reportsDir, { recursive: true, force: true });
    }
  });

  test('an error in the fragment is reported as that, with the URL reached, fragment included', async () => {
    test.setTimeout(patient(240_000));
    const run = await runSuite({
      faults: ['authz-error-in-fragment'],
      files: ['suites/authorization/errors.spec.ts'],
      grep: requirementGrep(['R7.1-08']), // response_type=token: unsupported_response_type
      timeoutMs: 200_000,
    });
    expect(run.tests).toHaveLength(1);
    const message = run.tests[0]?.message ?? '';
    expect(run.tests[0]?.status).toBe('failed');
    expect(message).toContain('R7.1-05');
    expect(message).toMatch(/Expected: the answer \(code or error, and state\) in the query/);
    expect(message).toMatch(
      /Observed: it came in the fragment \(error, state\): the browser reached \S+#error=unsupported_response_type&/,
    );
    expect(message).not.toMatch(/state \[\]/);
  });
});
