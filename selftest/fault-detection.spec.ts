import { expect, test } from '@playwright/test';
import type { FaultName } from '../sandbox/faults.js';
import { runSuite, type TestVerdict } from '../embedded/run-suite.js';

/**
 * The suite is only worth what it catches: for each fault switch, the checks of the broken
 * requirement must fail against a sandbox with that one fault, naming the requirement, while a
 * neighbouring check of another behaviour still passes.
 */
interface FaultCase {
  fault: FaultName;
  /** Title fragment of the tests that must fail, and the requirement ids their failure names. */
  mustFail: ReadonlyArray<readonly [string, string]>;
  /** Title fragment of a test that must still pass: the fault breaks one behaviour only. */
  mustPass: string;
}

const CASES: readonly FaultCase[] = [
  {
    fault: 'code-reuse',
    mustFail: [['a code redeemed once is refused the second time', 'R2.2-03']],
    mustPass: 'a code is still valid just before ten minutes',
  },
  {
    fault: 'code-no-expiry',
    mustFail: [['a code is refused with invalid_grant just after ten minutes', 'R2.2-02']],
    mustPass: 'a code is still valid just before ten minutes',
  },
  {
    fault: 'code-concurrent-redeem',
    mustFail: [['two parallel redemptions of one code yield exactly one token', 'R2.2-03']],
    mustPass: 'a code redeemed once is refused the second time',
  },
  {
    fault: 'redirect-uri-prefix-match',
    mustFail: [['a redirect_uri with an extra path segment', 'R4.1-05']],
    mustPass: 'with three registered URIs, each one is honoured exactly',
  },
  {
    fault: 'token-pragma-missing',
    mustFail: [
      ['the code is exchanged for a Bearer token', 'R4.2-09'],
      ['every refusal carries Content-Type, Cache-Control and Pragma', 'R7.2-04'],
    ],
    mustPass: 'the token endpoint is served over HTTPS',
  },
  {
    fault: 'token-cache-control-missing',
    mustFail: [
      ['the code is exchanged for a Bearer token', 'R4.2-08'],
      ['every refusal carries Content-Type, Cache-Control and Pragma', 'R7.2-03'],
    ],
    mustPass: 'the token endpoint is served over HTTPS',
  },
  {
    fault: 'token-content-type-text-plain',
    mustFail: [
      ['the code is exchanged for a Bearer token', 'R4.2-07'],
      ['every refusal carries Content-Type, Cache-Control and Pragma', 'R7.2-02'],
    ],
    mustPass: 'the token endpoint is served over HTTPS',
  },
  {
    fault: 'listing-duplicate-at-boundary',
    mustFail: [['a known set of 450 mixed ads crawls completely', 'R4.4-02']],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-skip-at-boundary',
    mustFail: [['a known set of 450 mixed ads crawls completely', 'R4.4-02']],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-endless-next-token',
    mustFail: [['a known set of 450 mixed ads crawls completely', 'R4.4-03']],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-ignores-ads-status',
    mustFail: [['a known set of 450 mixed ads crawls completely', 'R4.4-05']],
    mustPass: 'without fetch_size a page holds 200 items',
  },
  {
    fault: 'listing-page-over-200',
    mustFail: [['a known set of 450 mixed ads crawls completely', 'R8-04']],
    mustPass: 'without fetch_size a page holds 200 items',
  },
  {
    fault: 'listing-current-token-on-first-page',
    mustFail: [['a known set of 450 mixed ads crawls completely', 'R2.5-02']],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'listing-missing-header-accepted',
    mustFail: [['no Authorization header', 'R7.3-02']],
    mustPass: 'a chat-only token',
  },
  {
    fault: 'listing-invalid-token-wrong-reason',
    mustFail: [['an unknown token: ACCESS_DENIED', 'R7.3-03']],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-scope-not-checked',
    mustFail: [['a chat-only token', 'R7.3-04']],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-no-rate-limit',
    mustFail: [['a request rate above the limit', 'R7.3-05']],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-internal-error-wrong-message',
    mustFail: [['an unexpected internal error', 'R7.3-06']],
    mustPass: 'no Authorization header',
  },
  {
    fault: 'listing-status-200-on-error',
    mustFail: [['no Authorization header', 'R7.3-01']],
    mustPass: 'a token with only autoupload is accepted',
  },
  {
    fault: 'basic-info-scope-not-checked',
    mustFail: [['a token without basic_user_info is refused', 'R4.3-02']],
    mustPass: 'a basic_user_info token gets the user name',
  },
  {
    fault: 'basic-info-other-user',
    mustFail: [['a basic_user_info token gets the user name', 'R4.3-01']],
    mustPass: 'a token without basic_user_info is refused',
  },
  {
    fault: 'catalog-string-ids',
    mustFail: [['the car chain', 'R2.6-02']],
    mustPass: 'an unknown token is never answered with status ok',
  },
  {
    fault: 'catalog-invalid-token-ok',
    mustFail: [['an unknown token is never answered with status ok', 'R5-06']],
    mustPass: 'the car chain',
  },
  {
    fault: 'notify-none',
    mustFail: [['a change to published is delivered once', 'R6-01']],
    mustPass: 'create returns the six fields',
  },
  {
    fault: 'notify-duplicate',
    mustFail: [['a change to refused is delivered once', 'R6-01']],
    mustPass: 'create returns the six fields',
  },
  {
    fault: 'notify-no-token',
    mustFail: [['a change to deleted is delivered once', 'R6-04']],
    mustPass: 'after a delete, the configuration receives nothing',
  },
  {
    fault: 'notify-old-status',
    mustFail: [['a change to published is delivered once', 'R6-03']],
    mustPass: "a change of another user's ad is not delivered",
  },
  {
    fault: 'notify-old-url-after-update',
    mustFail: [['after an update, deliveries go to the new url', 'R4.6-03']],
    mustPass: 'an update is persisted',
  },
  {
    fault: 'notify-after-delete',
    mustFail: [['after a delete, the configuration receives nothing', 'R4.6-04']],
    mustPass: 'after a delete, read of the configuration is refused',
  },
  {
    fault: 'notify-other-user',
    mustFail: [["a change of another user's ad is not delivered", 'R6-01']],
    mustPass: 'a change to published is delivered once',
  },
  {
    fault: 'notify-update-not-persisted',
    mustFail: [
      ['an update is persisted', 'R4.6-03'],
      ['after an update, deliveries go to the new url', 'R4.6-03'],
    ],
    mustPass: 'after a delete, read of the configuration is refused',
  },
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function find(tests: readonly TestVerdict[], fragment: string): TestVerdict | undefined {
  return tests.find((verdict) => verdict.title.includes(fragment));
}

test.describe('fault detection: each check fails when the sandbox breaks its behaviour', () => {
  test.describe.configure({ timeout: 180_000 });
  for (const { fault, mustFail, mustPass } of CASES) {
    test(`fault ${fault} is caught`, async () => {
      const grep = [...mustFail.map(([title]) => title), mustPass].map(escape).join('|');
      const run = await runSuite({ faults: [fault], grep });
      expect(run.tests.length, `nested run produced no results:\n${run.output.slice(-3000)}`).toBeGreaterThan(
        0,
      );
      for (const [title, requirementId] of mustFail) {
        const verdict = find(run.tests, title);
        expect(verdict?.status, `"${title}" must fail under ${fault}`).toBe('failed');
        expect(verdict?.message, `the failure must name ${requirementId}`).toContain(requirementId);
      }
      expect(find(run.tests, mustPass)?.status, `"${mustPass}" must still pass under ${fault}`).toBe(
        'passed',
      );
      expect(run.exitCode).not.toBe(0);
    });
  }
});
