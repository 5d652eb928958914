import { declare } from '../declaration.js';

const EMBEDDED = { group: 'sandbox', mode: 'embedded', secret: false } as const;
const STANDALONE = { group: 'sandbox', mode: 'standalone sandbox', secret: false } as const;
const STANDALONE_ONLY = 'standalone sandbox only (npm run sandbox)';

/** The reference sandbox's own switches: read by the sandbox, embedded in a run or standalone. */
export const SANDBOX_VARIABLES = declare([
  {
    ...EMBEDDED,
    name: 'SANDBOX_FAULTS',
    kind: 'text',
    doc: 'Faults on at start, comma-separated, for the embedded and the standalone sandbox alike (npm run mutants; switched at run time too: classifieds-conformance switch NAME on|off): the sandbox breaks the rules they name.',
    unset: 'none',
    notNightly: 'the sandbox under test by the mutants, never the nightly target (npm run mutants)',
  },
  {
    ...EMBEDDED,
    name: 'SANDBOX_VARIANTS',
    kind: 'text',
    doc: 'Variants on at start, comma-separated, for the embedded and the standalone sandbox alike (npm run variants; switched at run time too): other answers where the specification is silent.',
    unset: 'none',
    notNightly: 'the sandbox under test by the variants, never the nightly target (npm run variants)',
  },
  {
    ...EMBEDDED,
    name: 'SANDBOX_SECRET_PREFIX',
    kind: 'text',
    doc: 'A marker every secret the sandbox generates starts with (the secret-scan self-test).',
    unset: 'none',
    notNightly: 'embedded sandbox only (the secret-scan self-test)',
  },
  {
    ...STANDALONE,
    name: 'SANDBOX_AUTH_PORT',
    kind: 'integer',
    minimum: 0,
    maximum: 65535,
    default: '8443',
    doc: "The standalone sandbox's authorization server port (0: a free one).",
    unset: '8443',
    notNightly: STANDALONE_ONLY,
  },
  {
    ...STANDALONE,
    name: 'SANDBOX_APPS_PORT',
    kind: 'integer',
    minimum: 0,
    maximum: 65535,
    default: '8080',
    doc: "The standalone sandbox's resource server port (0: a free one).",
    unset: '8080',
    notNightly: STANDALONE_ONLY,
  },
  {
    ...STANDALONE,
    name: 'SANDBOX_LOG',
    kind: 'flag',
    default: '0',
    doc: 'Logs every request of the standalone sandbox.',
    unset: 'no request log',
    notNightly: STANDALONE_ONLY,
  },
  {
    ...STANDALONE,
    name: 'SANDBOX_SEED_FILE',
    kind: 'path',
    doc: 'A file of clients (with their ids and secrets), users and ads the standalone sandbox re-creates on every start, instead of a demo client and user.',
    unset: 'a demo client and user',
    notNightly: STANDALONE_ONLY,
  },
  {
    ...STANDALONE,
    name: 'SANDBOX_TLS_DIR',
    kind: 'path',
    default: 'reports/sandbox-tls',
    doc: "The folder of the standalone sandbox's CA file.",
    unset: '`reports/sandbox-tls`',
    notNightly: STANDALONE_ONLY,
  },
  {
    ...STANDALONE,
    name: 'SANDBOX_WEBHOOK_ALLOW',
    kind: 'text',
    default: 'loopback,public',
    doc: 'Where notification deliveries may go, comma-separated: address kinds (loopback, public, private, link-local), addresses or CIDRs, and host names.',
    unset: '`loopback,public`',
    notNightly: "the sandbox's delivery policy, not the suite's",
  },
  {
    ...STANDALONE,
    name: 'CONFORMANCE_RUN_COMMAND',
    kind: 'text',
    default: 'npm run conformance',
    doc: 'The command the standalone sandbox prints for running the suite against it.',
    unset: '`npm run conformance`',
    notNightly: STANDALONE_ONLY,
  },
]);
