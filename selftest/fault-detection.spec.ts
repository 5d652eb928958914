import { expect, test } from '@playwright/test';
import type { FaultName } from '../sandbox/faults.js';
import { failsNaming, runKill } from '../scripts/kill-matrix.js';

/**
 * The suite is only worth what it catches: for each fault switch below, the checks of the broken
 * requirement must fail against a sandbox with that one fault, naming the requirement, while a
 * neighbouring check of another behaviour still passes. The same harness and the same rule as
 * `npm run mutants` (scripts/kill-matrix.ts), on a few faults and a few of their tests, in every
 * run: the fault must be killed (a failing test names one of its requirements), and each
 * requirement id the case lists must be named by a failing test too.
 */
interface FaultCase {
  fault: FaultName;
  /**
   * Title fragments of the tests to run against the fault: a quick subset of the tests of its
   * requirements (`npm run mutants` runs them all), chosen so that a run stays within a minute.
   */
  run: readonly string[];
  /** Requirement ids that a failing test must name. */
  mustName: readonly string[];
  /** Title fragment of a test that must still pass: the fault breaks one behaviour only. */
  mustPass: string;
}

const CASES: readonly FaultCase[] = [
  {
    fault: 'code-reuse',
    run: ['a code redeemed once is refused the second time'],
    mustName: ['R2.2-03'],
    mustPass: 'a code is still valid just before ten minutes',
  },
  {
    fault: 'code-no-expiry',
    run: ['a code is refused with invalid_grant just after ten minutes'],
    mustName: ['R2.2-02'],
    mustPass: 'a code is still valid just before ten minutes',
  },
  {
    fault: 'code-concurrent-redeem',
    run: ['two parallel redemptions of one code yield exactly one token'],
    mustName: ['R2.2-03'],
    mustPass: 'a code redeemed once is refused the second time',
  },
  {
    fault: 'redirect-uri-prefix-match',
    run: ['a redirect_uri with an extra path segment'],
    mustName: ['R4.1-05'],
    mustPass: 'with three registered URIs, each one is honoured exactly',
  },
  {
    fault: 'token-pragma-missing',
    run: [
      'the code is exchanged for a Bearer token',
      'every refusal carries Content-Type, Cache-Control and Pragma',
    ],
    mustName: ['R4.2-09', 'R7.2-04'],
    mustPass: 'the token endpoint is served over HTTPS',
  },
  {
    fault: 'token-cache-control-missing',
    run: [
      'the code is exchanged for a Bearer token',
      'every refusal carries Content-Type, Cache-Control and Pragma',
    ],
    mustName: ['R4.2-08', 'R7.2-03'],
    mustPass: 'the token endpoint is served over HTTPS',
  },
  {
    fault: 'token-content-type-text-plain',
    run: [
      'the code is exchanged for a Bearer token',
      'every refusal carries Content-Type, Cache-Control and Pragma',
    ],
    mustName: ['R4.2-07', 'R7.2-02'],
    mustPass: 'the token endpoint is served over HTTPS',
  },
  {
    fault: 'listing-duplicate-at-boundary',
    run: ['a known set of 450 mixed ads crawls completely'],
    mustName: ['R4.4-02'],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-skip-at-boundary',
    run: ['a known set of 450 mixed ads crawls completely'],
    mustName: ['R4.4-02'],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-endless-next-token',
    run: ['a known set of 450 mixed ads crawls completely'],
    mustName: ['R4.4-03'],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-ignores-ads-status',
    run: ['a known set of 450 mixed ads crawls completely'],
    mustName: ['R4.4-05'],
    mustPass: 'without fetch_size a page holds 200 items',
  },
  {
    fault: 'listing-page-over-200',
    run: ['a known set of 450 mixed ads crawls completely'],
    mustName: ['R8-04'],
    mustPass: 'without fetch_size a page holds 200 items',
  },
  {
    fault: 'listing-current-token-on-first-page',
    run: ['a known set of 450 mixed ads crawls completely'],
    mustName: ['R2.5-02'],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-missing-header-accepted',
    run: ['no Authorization header'],
    mustName: ['R7.3-02'],
    mustPass: 'a chat-only token',
  },
  {
    fault: 'listing-invalid-token-wrong-reason',
    run: ['an unknown token: ACCESS_DENIED'],
    mustName: ['R7.3-03'],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-scope-not-checked',
    run: ['a chat-only token'],
    mustName: ['R7.3-04'],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-no-rate-limit',
    run: ['a request rate above the limit'],
    mustName: ['R7.3-05'],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-internal-error-wrong-message',
    run: ['an unexpected internal error'],
    mustName: ['R7.3-06'],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-status-200-on-error',
    run: ['no Authorization header'],
    mustName: ['R7.3-01'],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'basic-info-scope-not-checked',
    run: ['a token of scope "autoupload" (without basic_user_info) is refused'],
    mustName: ['R4.3-02'],
    mustPass: 'a basic_user_info token gets the user name',
  },
  {
    fault: 'basic-info-other-user',
    run: ['a basic_user_info token gets the user name'],
    mustName: ['R4.3-01'],
    mustPass: 'a token of scope "autoupload" (without basic_user_info) is refused',
  },
  {
    fault: 'catalog-string-ids',
    run: ['the car chain'],
    mustName: ['R2.6-02'],
    mustPass: 'an unknown token is never answered with status ok',
  },
  {
    fault: 'catalog-invalid-token-ok',
    run: ['an unknown token is never answered with status ok'],
    mustName: ['R5-06'],
    mustPass: 'the car chain',
  },
  {
    fault: 'notify-none',
    run: ['a change to published is delivered once'],
    mustName: ['R6-01'],
    mustPass: 'create returns the six fields',
  },
  {
    fault: 'notify-duplicate',
    run: ['a change to refused is delivered once'],
    mustName: ['R6-01'],
    mustPass: 'create returns the six fields',
  },
  {
    fault: 'notify-no-token',
    run: ['a change to deleted is delivered once'],
    mustName: ['R6-04'],
    mustPass: 'after a delete, the configuration receives nothing',
  },
  {
    fault: 'notify-old-status',
    run: ['a change to published is delivered once'],
    mustName: ['R6-03'],
    mustPass: "a change of another user's ad is not delivered",
  },
  {
    fault: 'notify-old-url-after-update',
    run: ['after an update, deliveries go to the new url'],
    mustName: ['R4.6-03'],
    mustPass: 'an update is persisted',
  },
  {
    fault: 'notify-after-delete',
    run: ['after a delete, the configuration receives nothing'],
    mustName: ['R4.6-04'],
    mustPass: 'after a delete, read of the configuration is refused',
  },
  {
    fault: 'notify-other-user',
    run: ["a change of another user's ad is not delivered"],
    mustName: ['R6-01'],
    mustPass: 'a change to published is delivered once',
  },
  {
    fault: 'notify-update-not-persisted',
    run: ['an update is persisted', 'after an update, deliveries go to the new url'],
    mustName: ['R4.6-03'],
    mustPass: 'after a delete, read of the configuration is refused',
  },
];

test.describe('fault detection: each check fails when the sandbox breaks its behaviour', () => {
  test.describe.configure({ timeout: 180_000 });
  for (const { fault, run: titles, mustName, mustPass } of CASES) {
    test(`fault ${fault} is caught`, async () => {
      const { verdict, run } = await runKill(fault, { only: [...titles, mustPass], timeoutMs: 120_000 });
      expect(run.tests.length, `nested run produced no results:\n${run.output.slice(-3000)}`).toBeGreaterThan(
        0,
      );
      expect(
        titles.filter((title) => !run.tests.some((one) => one.title.includes(title))),
        'every test the case names ran (a renamed test must be renamed here too)',
      ).toEqual([]);
      expect(
        verdict.status,
        `a test must fail naming one of ${verdict.requirements.join(', ')}; other failures: ${verdict.otherFailures.join('; ')}`,
      ).toBe('killed');
      for (const id of mustName)
        expect(
          run.tests.filter((one) => failsNaming(one, [id])).map((one) => one.title),
          `a failure must name ${id} under ${fault}`,
        ).not.toEqual([]);
      const neighbour = run.tests.find((one) => one.title.includes(mustPass));
      expect(neighbour?.status, `"${mustPass}" must still pass under ${fault}`).toBe('passed');
      expect(run.exitCode).not.toBe(0);
    });
  }
});
