// Allure 3 report configuration: the categories a QA reader works from.
export default {
  name: 'Classifieds API conformance',
  categories: {
    rules: [
      {
        id: 'advisory',
        name: 'Advisory warnings (RFC 6749, RFC 9700; not a failure of the gate)',
        matchers: { statuses: ['failed', 'broken'], labels: { kind: '^advisory$' } },
      },
      {
        id: 'environment',
        name: 'Broken environment (target down or unreachable, timed out, TLS, a gateway page, test helper failed)',
        // helpers/broken-environment-reporter.ts marks these "broken" with the one-line cause as message.
        matchers: [{ statuses: ['failed', 'broken'], message: '^Broken environment: ' }],
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
