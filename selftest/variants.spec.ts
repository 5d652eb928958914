import { expect, test } from '@playwright/test';
import { runSuite } from '../embedded/run-suite.js';
import { VARIANTS, type VariantName } from '../sandbox/variants.js';

/**
 * The quick subset of `npm run variants`: a server that chooses otherwise where the specification
 * says "not shown" must pass the checks of that point. The full run is `npm run variants`.
 */
const QUICK: ReadonlyArray<{ variant: VariantName; grep: string }> = [
  { variant: 'notify-other-body', grep: 'a change to (published|refused)' },
  { variant: 'notify-token-header', grep: 'a change to deleted' },
  { variant: 'notify-local-time', grep: 'a change to pending_review' },
  { variant: 'notify-ping-on-create', grep: 'a change to refused' },
  { variant: 'notify-one-per-user-409', grep: 'after a delete, the configuration receives nothing' },
  { variant: 'listing-empty-last-page', grep: 'a known set of 450 mixed ads' },
  { variant: 'listing-other-statuses', grep: '7\\.3 Ad listing errors' },
  { variant: 'listing-rate-limit-tight', grep: 'a known set of 450 mixed ads' },
  { variant: 'login-other-markup', grep: 'approval sends the browser back' },
];

test.describe('variants: a correct server that chooses otherwise passes', () => {
  test.describe.configure({ timeout: 180_000 });
  for (const { variant, grep } of QUICK) {
    test(`variant ${variant} passes`, async () => {
      const run = await runSuite({ variants: [variant], env: VARIANTS[variant].env, grep });
      expect(run.tests.length, `nested run produced no results:\n${run.output.slice(-3000)}`).toBeGreaterThan(
        0,
      );
      const failed = run.tests.filter((verdict) => verdict.status !== 'passed');
      expect(failed.map((verdict) => `${verdict.title}\n${verdict.message.slice(0, 800)}`)).toEqual([]);
      expect(run.exitCode).toBe(0);
    });
  }
});
