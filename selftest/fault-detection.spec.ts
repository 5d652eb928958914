import { expect, test } from '@playwright/test';
import type { FaultName } from '../sandbox/faults.js';
import { failsNaming, runKill } from '../scripts/kill-matrix.js';
import { isSelected, selectionGrep, selectionName, type TagSelection } from '../embedded/requirement-grep.js';
import { patient } from '../helpers/target/patience.js';

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
   * The tests to run against the fault, by their tags: a quick subset of the tests of its
   * requirements (`npm run mutants` runs them all), chosen so that a run stays within a minute.
   */
  run: readonly TagSelection[];
  /** Requirement ids that a failing test must name. */
  mustName: readonly string[];
  /** A test that must still pass: the fault breaks one behaviour only. */
  mustPass: TagSelection;
}

const CASES: readonly FaultCase[] = [
  {
    fault: 'code-reuse',
    run: [{ ids: ['R2.2-03', 'R7.2-07'] }],
    mustName: ['R2.2-03'],
    mustPass: { case: 'code-valid-before-expiry' },
  },
  {
    fault: 'code-no-expiry',
    run: [{ ids: ['R2.2-02', 'R7.2-07'] }],
    mustName: ['R2.2-02'],
    mustPass: { case: 'code-valid-before-expiry' },
  },
  {
    fault: 'code-concurrent-redeem',
    run: [{ case: 'parallel-redemptions' }],
    mustName: ['R2.2-03'],
    mustPass: { ids: ['R2.2-03', 'R7.2-07'] },
  },
  {
    fault: 'redirect-uri-prefix-match',
    run: [{ case: 'authorize-near-miss-extra-path-segment' }],
    mustName: ['R4.1-05'],
    mustPass: { ids: ['R4.1-05', 'R2.1-01'] },
  },
  {
    fault: 'token-pragma-missing',
    run: [{ ids: ['R4.2-07', 'R2.3-02'] }, { ids: ['R7.2-02', 'R7.2-03'] }],
    mustName: ['R4.2-09', 'R7.2-04'],
    mustPass: { case: 'token-endpoint-https' },
  },
  {
    fault: 'token-cache-control-missing',
    run: [{ ids: ['R4.2-07', 'R2.3-02'] }, { ids: ['R7.2-02', 'R7.2-03'] }],
    mustName: ['R4.2-08', 'R7.2-03'],
    mustPass: { case: 'token-endpoint-https' },
  },
  {
    fault: 'token-content-type-text-plain',
    run: [{ ids: ['R4.2-07', 'R2.3-02'] }, { ids: ['R7.2-02', 'R7.2-03'] }],
    mustName: ['R4.2-07', 'R7.2-02'],
    mustPass: { case: 'token-endpoint-https' },
  },
  {
    fault: 'listing-duplicate-at-boundary',
    run: [{ case: 'mixed-ads-crawl' }],
    mustName: ['R4.4-02'],
    mustPass: { case: 'listing-scope-accepted-autoupload' },
  },
  {
    fault: 'listing-skip-at-boundary',
    run: [{ case: 'mixed-ads-crawl' }],
    mustName: ['R4.4-02'],
    mustPass: { case: 'listing-scope-accepted-autoupload' },
  },
  {
    fault: 'listing-endless-next-token',
    run: [{ case: 'mixed-ads-crawl' }],
    mustName: ['R4.4-03'],
    mustPass: { case: 'listing-scope-accepted-autoupload' },
  },
  {
    fault: 'listing-ignores-ads-status',
    run: [{ case: 'mixed-ads-crawl' }],
    mustName: ['R4.4-05'],
    mustPass: { case: 'full-page-default' },
  },
  {
    fault: 'listing-page-over-200',
    run: [{ case: 'mixed-ads-crawl' }],
    mustName: ['R8-04'],
    mustPass: { case: 'full-page-default' },
  },
  {
    fault: 'listing-current-token-on-first-page',
    run: [{ case: 'mixed-ads-crawl' }],
    mustName: ['R2.5-02'],
    mustPass: { case: 'listing-scope-accepted-autoupload' },
  },
  {
    fault: 'listing-missing-header-accepted',
    run: [{ ids: ['R7.3-02'] }],
    mustName: ['R7.3-02'],
    mustPass: { case: 'listing-scope-denied-chat' },
  },
  {
    fault: 'listing-invalid-token-wrong-reason',
    run: [{ case: 'listing-unknown-token' }],
    mustName: ['R7.3-03'],
    mustPass: { ids: ['R7.3-02'] },
  },
  {
    fault: 'listing-scope-not-checked',
    run: [{ case: 'listing-scope-denied-chat' }],
    mustName: ['R7.3-04'],
    mustPass: { ids: ['R7.3-02'] },
  },
  {
    fault: 'listing-no-rate-limit',
    run: [{ ids: ['R7.3-05', 'R8-05'] }],
    mustName: ['R7.3-05'],
    mustPass: { ids: ['R7.3-02'] },
  },
  {
    fault: 'listing-internal-error-wrong-message',
    run: [{ ids: ['R7.3-06'] }],
    mustName: ['R7.3-06'],
    mustPass: { ids: ['R7.3-02'] },
  },
  {
    fault: 'listing-status-200-on-error',
    run: [{ ids: ['R7.3-02'] }],
    mustName: ['R7.3-01'],
    mustPass: { case: 'listing-scope-accepted-autoupload' },
  },
  {
    fault: 'basic-info-scope-not-checked',
    run: [{ case: 'basic-info-refused-autoupload' }],
    mustName: ['R4.3-02'],
    mustPass: { ids: ['R4.3-01', 'R2.4-01'] },
  },
  {
    fault: 'basic-info-other-user',
    run: [{ ids: ['R4.3-01', 'R2.4-01'] }],
    mustName: ['R4.3-01'],
    mustPass: { case: 'basic-info-refused-autoupload' },
  },
  {
    fault: 'catalog-string-ids',
    run: [{ case: 'catalog-chain-car' }],
    mustName: ['R2.6-02'],
    mustPass: { case: 'catalog-unknown-token' },
  },
  {
    fault: 'catalog-invalid-token-ok',
    run: [{ case: 'catalog-unknown-token' }],
    mustName: ['R5-06'],
    mustPass: { case: 'catalog-chain-car' },
  },
  {
    fault: 'notify-none',
    run: [{ case: 'change-to-published' }],
    mustName: ['R6-01'],
    mustPass: { ids: ['R4.6-01', 'R2.7-07'] },
  },
  {
    fault: 'notify-duplicate',
    run: [{ case: 'change-to-refused' }],
    mustName: ['R6-01'],
    mustPass: { ids: ['R4.6-01', 'R2.7-07'] },
  },
  {
    fault: 'notify-no-token',
    run: [{ case: 'change-to-deleted' }],
    mustName: ['R6-04'],
    mustPass: { case: 'nothing-after-delete' },
  },
  {
    fault: 'notify-old-status',
    run: [{ case: 'change-to-published' }],
    mustName: ['R6-03'],
    mustPass: { ids: ['R4.6-06', 'R6-01'] },
  },
  {
    fault: 'notify-old-url-after-update',
    run: [{ case: 'deliveries-follow-update' }],
    mustName: ['R4.6-03'],
    mustPass: { case: 'update-persisted' },
  },
  {
    fault: 'notify-after-delete',
    run: [{ case: 'nothing-after-delete' }],
    mustName: ['R4.6-04'],
    mustPass: { case: 'read-after-delete' },
  },
  {
    fault: 'notify-other-user',
    run: [{ ids: ['R4.6-06', 'R6-01'] }],
    mustName: ['R6-01'],
    mustPass: { case: 'change-to-published' },
  },
  {
    fault: 'notify-update-not-persisted',
    run: [{ case: 'update-persisted' }, { case: 'deliveries-follow-update' }],
    mustName: ['R4.6-03'],
    mustPass: { case: 'read-after-delete' },
  },
];

test.describe('fault detection: each check fails when the sandbox breaks its behaviour', () => {
  test.describe.configure({ timeout: patient(180_000) });
  for (const { fault, run: selected, mustName, mustPass } of CASES) {
    test(`fault ${fault} is caught`, async () => {
      const grep = [...selected, mustPass].map(selectionGrep).join('|');
      const { verdict, run } = await runKill(fault, { grep, timeoutMs: 120_000 });
      expect(run.tests.length, `nested run produced no results:\n${run.output.slice(-3000)}`).toBeGreaterThan(
        0,
      );
      expect(
        selected
          .filter((selection) => !run.tests.some((one) => isSelected(one.tags, selection)))
          .map(selectionName),
        'every test the case names ran (a retagged test must be retagged here too)',
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
      const neighbour = run.tests.find((one) => isSelected(one.tags, mustPass));
      expect(neighbour?.status, `${selectionName(mustPass)} must still pass under ${fault}`).toBe('passed');
      expect(run.exitCode).not.toBe(0);
    });
  }
});
