import { declare } from '../declaration.js';

const SET_BY_RUN = { group: 'internal', mode: 'every mode', secret: false, kind: 'text' } as const;
const TOOL = { group: 'tooling', mode: 'tools', secret: false, kind: 'text' } as const;
const OUTSIDE = { group: 'outside', mode: 'every mode', secret: false, kind: 'text' } as const;

/**
 * Variables the project reads but a user does not set: the run's messages to its workers and
 * children, the self-tests' and examples' own, and the system's. Declared so that every read is.
 */
export const INTERNAL_VARIABLES = declare([
  {
    ...SET_BY_RUN,
    kind: 'flag',
    default: '0',
    name: 'CONFORMANCE_EMBEDDED_SANDBOX',
    doc: 'Set by the run when it starts the embedded sandbox, so workers know the target is theirs.',
    unset: 'another target',
  },
  {
    ...SET_BY_RUN,
    name: 'CONFORMANCE_ROUND_TRIP_MS',
    doc: "Set by the run's configuration once it has timed the target (helpers/target/round-trip.ts), so workers do not time it again.",
    unset: 'not timed yet',
  },
  {
    ...SET_BY_RUN,
    name: 'CONFORMANCE_BROKEN_ENVIRONMENT',
    doc: 'Set by the run when its preflight finds no target: why, for every test to end broken with.',
    unset: 'the target answered',
  },
  {
    ...SET_BY_RUN,
    name: 'CONFORMANCE_BROWSER_SPKI',
    doc: "The public keys of the target's certificate the browser trusts (from TLS_CA_FILE).",
    unset: 'system CAs',
  },
  {
    ...SET_BY_RUN,
    name: 'CONFORMANCE_RUN_ID',
    doc: "The run's id (UTC start time and a random suffix): the marker of what it creates.",
    unset: 'a new one',
  },
  {
    ...SET_BY_RUN,
    kind: 'flag',
    default: '0',
    name: 'SANDBOX_PROCESS_SETTINGS',
    doc: 'Set by the standalone sandbox when it restarts itself with its Node flags.',
    unset: 'not restarted yet',
  },
  {
    ...SET_BY_RUN,
    name: 'AD_OWNER',
    doc: 'Told to TARGET_STATUS_CHANGE_COMMAND: the login owning the ad.',
    unset: '-',
  },
  {
    ...SET_BY_RUN,
    name: 'AD_ID',
    doc: 'Told to TARGET_STATUS_CHANGE_COMMAND: the ad to change.',
    unset: '-',
  },
  {
    ...SET_BY_RUN,
    name: 'AD_STATUS',
    doc: 'Told to TARGET_STATUS_CHANGE_COMMAND: the status to give it.',
    unset: '-',
  },
  {
    ...TOOL,
    kind: 'flag',
    default: '0',
    name: 'CONFORMANCE_SELFTEST_NO_REDACTION',
    doc: 'Self-tests only: turns redaction off, to prove the secret scan finds what it would hide.',
    unset: 'redaction on',
  },
  {
    ...TOOL,
    kind: 'choice',
    choices: ['full'],
    name: 'SECRET_SCAN',
    doc: 'full: the secret-scan self-test runs every slice (npm run secret-scan).',
    unset: 'the gate slices',
  },
  {
    ...TOOL,
    name: 'CLIENT_MATRIX_PROFILE',
    doc: "The correct concurrent clients' self-test: the chaos profile every test runs under (npm run client-matrix).",
    unset: "each test's own",
  },
  {
    ...TOOL,
    name: 'SECRET_SCAN_RUNS',
    doc: 'The secret-scan self-test: the runs to make, comma-separated.',
    unset: 'every run',
  },
  {
    ...TOOL,
    mode: 'account',
    name: 'STATUS_CHANGE_CONTROL_URL',
    doc: "The shipped example status-change command's own test-helper URL (examples/status-change/sandbox-helpers.mjs).",
    unset: 'the command fails',
  },
  {
    ...TOOL,
    mode: 'account',
    secret: true,
    name: 'STATUS_CHANGE_CONTROL_KEY',
    doc: "The shipped example status-change command's own test-helper key.",
    unset: 'the command fails',
  },
  ...(['IMPORT_ACCESS_TOKEN', 'IMPORT_ACCESS_TOKEN_USER2'] as const).map(
    (name) =>
      ({
        ...TOOL,
        mode: 'account',
        secret: true,
        name,
        doc:
          name === 'IMPORT_ACCESS_TOKEN'
            ? "The ad-import status-change command's token (scope autoupload) for the first user's ads (examples/status-change/ad-import.mjs)."
            : 'The same for the second user.',
        unset: 'the command fails',
      }) as const,
  ),
  {
    ...TOOL,
    mode: 'account',
    name: 'IMPORT_APPS_URL',
    doc: "The ad-import status-change command's apps URL (examples/status-change/ad-import.mjs).",
    unset: 'TARGET_APPS_URL',
  },
  {
    ...TOOL,
    mode: 'account',
    name: 'IMPORT_AD_FIELDS',
    doc: "JSON merged into every ad the ad-import status-change command inserts (a marketplace's own required fields).",
    unset: 'fields the reference sandbox accepts',
  },
  {
    ...TOOL,
    mode: 'account',
    name: 'IMPORT_WAIT_SECONDS',
    doc: "How long the ad-import status-change command waits for the import's decision.",
    unset: '90',
  },
  {
    ...TOOL,
    mode: 'account',
    name: 'IMPORT_USER_AGENT',
    doc: "The ad-import status-change command's User-Agent (some imports answer 404 without a browser-like one).",
    unset: 'its own',
  },
  {
    ...TOOL,
    mode: 'account',
    name: 'IMPORT_SANDBOX_ANY_STATUS',
    doc: "1: the ad-import status-change command's target is the reference sandbox, whose moderation gives any status asked (docs/sandbox-import.md).",
    unset: 'a status the import cannot ask for exits 3',
  },
  {
    ...OUTSIDE,
    name: 'CI',
    doc: 'Set by CI systems: a test.only left in a suite then fails the run.',
    unset: 'not CI',
  },
  { ...OUTSIDE, name: 'PATH', doc: 'Passed to the commands the tools start.', unset: '-' },
  { ...OUTSIDE, name: 'HOME', doc: 'Passed to the commands the tools start.', unset: '-' },
  {
    ...OUTSIDE,
    name: 'NODE_OPTIONS',
    doc: "Node's flags: the standalone sandbox looks for its own.",
    unset: '-',
  },
  {
    ...OUTSIDE,
    name: 'TEST_WORKER_INDEX',
    doc: "Set by Playwright in its workers: observations are a worker's.",
    unset: 'not a worker',
  },
  { ...OUTSIDE, name: 'DEBIAN_FRONTEND', doc: 'Set for apt-get when Chromium is installed.', unset: '-' },
  {
    ...OUTSIDE,
    name: 'PLAYWRIGHT_TRANSFORM_CACHE_DIR',
    doc: "Playwright's cache of compiled TypeScript (the gate benchmark starts cold or warm).",
    unset: "Playwright's",
  },
  {
    ...OUTSIDE,
    name: 'PLAYWRIGHT_JSON_OUTPUT_NAME',
    doc: "Playwright's JSON reporter's file (cleared by the forecast's own list run).",
    unset: "Playwright's",
  },
]);
