// Allure 3 report configuration: the categories a QA reader works from, and the history of runs.
import process from 'node:process';

// A generation given ALLURE_HISTORY_PATH reads that JSONL file for trends and appends its own run
// to it. `npm run conformance` always gives one (default reports/history/history.jsonl); a one-off
// `npx allure generate` (the self-tests') gives none, and so never adds to the run's history.
const historyPath = (process.env.ALLURE_HISTORY_PATH ?? '').trim();

export default {
  name: 'Classifieds API conformance',
  ...(historyPath === '' ? {} : { historyPath, historyLimit: 60 }),
  // Labels every test has the same or that repeat the path: the reader's labels are epic,
  // feature, section, requirement and severity.
  hideLabels: ['language', 'framework', 'package', 'titlePath'],
  // One self-contained index.html: it opens from a downloaded CI artifact (file://), where the
  // report's separate data files cannot be fetched, and it is written in a second less than a
  // thousand small files are (Allure writes them one after another).
  // The tree: the specification's sections, then its requirements, then the tests (the labels
  // covers() gives: parentSuite the section, suite the requirement), sorted by name, which is the
  // specification's order ("§2.2 …" before "§4 …" before "§4.1 …"; "R4.4-02" before "R4.4-10").
  plugins: {
    awesome: {
      options: { singleFile: true, groupBy: ['parentSuite', 'suite'], defaultSortBy: 'name,asc' },
    },
  },
  categories: {
    rules: [
      {
        // scripts/triage/allure.ts labels a failure of an accepted deviation (conformance-known.yaml).
        id: 'known',
        name: 'Known deviations (accepted until their expiry; not a failure of the gate)',
        matchers: { statuses: ['failed', 'broken'], labels: { kind: '^known-deviation$' } },
      },
      {
        id: 'advisory',
        name: 'Advisory warnings (RFC 6749, RFC 9700; not a failure of the gate)',
        // A point that did not hold: the test passed with the warning as its message, "ADVISORY ("
        // from the suite (helpers/assert/advise.ts), "ADVISORY:" from the report card; results
        // of earlier versions wrote it failed.
        matchers: [
          { statuses: ['passed'], labels: { kind: '^advisory$' }, message: 'ADVISORY[ :]' },
          { statuses: ['failed', 'broken'], labels: { kind: '^advisory$' } },
        ],
      },
      {
        id: 'environment',
        name: 'Broken environment (target down or unreachable, timed out, TLS, a gateway page, test helper failed, set-up could not proceed)',
        // helpers/report/broken-environment-reporter.ts marks these "broken" with the one-line cause as message.
        matchers: [
          { statuses: ['failed', 'broken'], message: '^Broken environment: ' },
          { statuses: ['failed', 'broken'], message: '^Set-up could not proceed: ' },
        ],
      },
      {
        id: 'conformance',
        name: 'Conformance failures',
        // Playwright puts the error's name before the message ("ConformanceFailure: [R7.2-06 §7.2] ...");
        // a property's failure quotes the check that failed on a line of its own.
        matchers: { statuses: ['failed'], message: '(^|\\n)(ConformanceFailure: )?\\[R[0-9.]+-[0-9]+ ' },
      },
      {
        // report-card/reliance/allure.ts: facts of the nightly, not tests of the target.
        id: 'double-and-contracts',
        name: "The double's fidelity and the reliance contracts (facts, not tests of the target)",
        matchers: { statuses: ['failed'], labels: { kind: '^(fidelity|reliance)$' } },
      },
      { id: 'other', name: 'Other failures and timeouts', matchers: { statuses: ['failed', 'broken'] } },
      { id: 'skipped', name: 'Skipped for missing capability', matchers: { statuses: ['skipped'] } },
    ],
  },
};
