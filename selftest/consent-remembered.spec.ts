import { expect, test } from '@playwright/test';
import { requirementGrep } from '../embedded/requirement-grep.js';
import { runSuite, type TestVerdict } from '../embedded/run-suite.js';
import { ControlClient } from '../helpers/clients/control-client.js';
import { HttpClient } from '../helpers/clients/http.js';
import { SCOPES } from '../spec/scopes.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { configuredActors, type ConfiguredActors } from './support/configured-actors.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A server may remember the consent a user gave a client (5 says the user approves, not
 * that they are asked every time). Against such a target without test helpers, every flow of the
 * configured user and client goes back to the client without a consent page: the denial tests
 * have no decision to take and are skipped with the reason, the approval test passes without
 * checking the consent page; where a consent page comes, the denial tests run as ever.
 */
const KEY = 'consent-remembered-selftest-key';
const REDIRECT_URI = 'http://127.0.0.1:9/consent-remembered/callback';
/** The denial tests (R7.1-04) and the approval test (R4.1-01), selected by their tags, told apart by title. */
const DENIALS = ['R7.1-04'];
const APPROVALS = ['R4.1-01'];
const DENIAL = 'the user denies';
const APPROVAL = 'approval sends the browser back with a code and the unchanged state';

test.describe('a target that remembers consent, without test helpers', () => {
  test.describe.configure({ timeout: patient(240_000) });
  let sandbox: StartedSandbox;

  test.beforeAll(async () => {
    sandbox = await startSandbox({ controlKey: KEY, variants: ['consent-remembered'] });
  });

  test.afterAll(async () => {
    await sandbox.close();
  });

  /** The variables of a target without helpers, for a fresh client and user of the sandbox. */
  async function freshAccount(): Promise<ConfiguredActors> {
    const http = new HttpClient({ caFile: sandbox.caFile });
    try {
      return await configuredActors(sandbox, new ControlClient(http, sandbox.controlUrl, KEY), REDIRECT_URI);
    } finally {
      await http.close();
    }
  }

  const verdictsOf = (tests: TestVerdict[], title: string): TestVerdict[] =>
    tests.filter((verdict) => verdict.title.includes(title));

  test('consent given before: the denials are skipped with the reason, the approval passes', async () => {
    const actors = await freshAccount();
    sandbox.state.consents.remember(actors.user.login, actors.client.clientId, Object.keys(SCOPES));
    const run = await runSuite({
      env: actors.env,
      grep: requirementGrep([...DENIALS, ...APPROVALS]),
      timeoutMs: 200_000,
    });
    const denials = verdictsOf(run.tests, DENIAL);
    expect(
      denials.map((verdict) => verdict.status),
      run.output.slice(-2000),
    ).toEqual(['skipped', 'skipped']);
    expect(verdictsOf(run.tests, APPROVAL).map((verdict) => verdict.status)).toEqual(['passed']);
    expect(run.exitCode).toBe(0);
  });

  test('no consent given yet: the consent page comes and the denials run and pass', async () => {
    const actors = await freshAccount();
    const run = await runSuite({ env: actors.env, grep: requirementGrep(DENIALS), timeoutMs: 200_000 });
    expect(
      run.tests.map((verdict) => verdict.status),
      run.output.slice(-2000),
    ).toEqual(['passed', 'passed']);
  });
});
