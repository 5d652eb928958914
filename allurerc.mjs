// Allure 3 report configuration: the categories a QA reader works from, and the history of runs.
import process from 'node:process';

// A generation given ALLURE_HISTORY_PATH reads that JSONL file for trends and appends its own run
// to it. `npm run conformance` always gives one (default reports/history/history.jsonl); a one-off
// `npx allure generate` (the self-tests') gives none, and so never adds to the run's history.
const historyPath = (process.env.ALLURE_HISTORY_PATH ?? '').trim();

export default {
  name: 'Classifieds API conformance',
  ...(historyPath === '' ? {} : { historyPath, historyLimit: 60 }),
  categories: {
    rules: [
      {
        id: 'advisory',
        name: 'Advisory warnings (RFC 6749, RFC 9700; not a failure of the gate)',
        matchers: { statuses: ['failed', 'broken'], labels: { kind: '^advisory$' } },
      },
      {
        id: 'environment',
        name: 'Broken environment (target unreachable, test helper failed)',
        matchers: [{ statuses: ['failed', 'broken'], message: '^(Could not reach|Test helper)' }],
      },
      {
        id: 'conformance',
        name: 'Conformance failures',
        matchers: { statuses: ['failed'], message: '^\\[R[0-9.]+-[0-9]+ ' },
      },
      { id: 'other', name: 'Other failures and timeouts', matchers: { statuses: ['failed', 'broken'] } },
      { id: 'skipped', name: 'Skipped for missing capability', matchers: { statuses: ['skipped'] } },
    ],
  },
};
