import { expect, test } from '@playwright/test';
import { everyRequirementGrep, requirementGrep } from '../embedded/requirement-grep.js';
import { runSuite } from '../embedded/run-suite.js';
import { VARIANTS, type VariantName } from '../sandbox/variants.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The quick subset of `npm run variants`: a server that chooses otherwise where the specification
 * says "not shown" must pass the checks of that point. The full run is `npm run variants`. Each
 * variant runs the tests of the requirements it bends, by their tags (narrowed to a file where other
 * files carry them too).
 */
const DELIVERIES = 'suites/notifications/deliveries.spec.ts';
/** The five status changes of section 6 (the same tags: one cannot be chosen without the others). */
const STATUS_DELIVERIES = { grep: requirementGrep(['R6-02']), files: [DELIVERIES] };
/** The 450-ad crawl: the pagination property file's one test of both the crawl and the 200 answer. */
const MIXED_ADS_CRAWL = {
  grep: everyRequirementGrep(['R4.4-02', 'R4.4-07']),
  files: ['suites/listing/pagination.property.spec.ts'],
};

const QUICK: ReadonlyArray<{ variant: VariantName; grep?: string; files?: string[] }> = [
  { variant: 'notify-other-body', ...STATUS_DELIVERIES },
  { variant: 'notify-minimal-body', ...STATUS_DELIVERIES },
  { variant: 'notify-numeric-ids', ...STATUS_DELIVERIES },
  { variant: 'notify-token-header', ...STATUS_DELIVERIES },
  { variant: 'notify-local-time', ...STATUS_DELIVERIES },
  { variant: 'notify-ping-on-create', ...STATUS_DELIVERIES },
  // After a delete, the configuration receives nothing.
  { variant: 'notify-one-per-user-409', grep: requirementGrep(['R4.6-04']), files: [DELIVERIES] },
  { variant: 'listing-empty-last-page', ...MIXED_ADS_CRAWL },
  // Every test of the listing's errors: the whole of their two files.
  {
    variant: 'listing-other-statuses',
    files: ['suites/listing/errors.spec.ts', 'suites/listing/rate-limit.last.spec.ts'],
  },
  { variant: 'listing-rate-limit-tight', ...MIXED_ADS_CRAWL },
  // Approval sends the browser back with a code.
  { variant: 'login-other-markup', grep: requirementGrep(['R4.1-01']) },
];

test.describe('variants: a correct server that chooses otherwise passes', () => {
  test.describe.configure({ timeout: patient(180_000) });
  for (const { variant, ...selection } of QUICK) {
    test(`variant ${variant} passes`, async () => {
      const run = await runSuite({ variants: [variant], env: VARIANTS[variant].env, ...selection });
      expect(run.tests.length, `nested run produced no results:\n${run.output.slice(-3000)}`).toBeGreaterThan(
        0,
      );
      const failed = run.tests.filter((verdict) => verdict.status !== 'passed');
      expect(failed.map((verdict) => `${verdict.title}\n${verdict.message.slice(0, 800)}`)).toEqual([]);
      expect(run.exitCode).toBe(0);
    });
  }
});
