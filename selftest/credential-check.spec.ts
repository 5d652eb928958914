import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startAccount } from '../embedded/account.js';
import { requirementGrep } from '../embedded/requirement-grep.js';
import { runSuite } from '../embedded/run-suite.js';
import { HttpClient } from '../helpers/clients/http.js';
import { checkCredentials } from '../helpers/preflight/credential-check.js';
import { resolveTarget } from '../helpers/target/target.js';
import type { FaultName } from '../sandbox/faults.js';
import { patient } from '../helpers/target/patience.js';

const WRONG = 'not-the-secret-0123456789';

/** The findings of the start's credentials check against an account, with some variables replaced. */
async function findings(faults: readonly FaultName[], replaced: Record<string, string>) {
  const account = await startAccount(faults);
  const target = resolveTarget({ ...account.env, ...replaced });
  const http = new HttpClient({ caFile: target.caFile });
  try {
    return await checkCredentials(http, target);
  } finally {
    await http.close();
    await account.close();
  }
}

test.describe('credentials checked at the start', () => {
  test('right secrets pass without a word; a wrong one is named by its variable, for either client', async () => {
    expect(await findings([], {})).toEqual({ problems: [], warnings: [] });
    const first = await findings([], { TARGET_CLIENT_SECRET: WRONG });
    expect(first.problems).toHaveLength(1);
    expect(first.problems[0]).toMatch(/^TARGET_CLIENT_SECRET: .*invalid_client/);
    const second = await findings([], { TARGET_CLIENT2_SECRET: WRONG });
    expect(second.problems).toEqual([expect.stringMatching(/^TARGET_CLIENT2_SECRET: /)]);
    expect(JSON.stringify([first, second])).not.toContain(WRONG);
  });

  test('an answer that cannot tell a wrong secret from a right one is a warning, never a refusal', async () => {
    // The client authenticated, then an unknown code refused with invalid_request: no verdict on the secret.
    const unclear = await findings(['code-unknown-invalid-request'], {});
    expect(unclear.problems).toEqual([]);
    expect(unclear.warnings.join('\n')).toMatch(/TARGET_CLIENT_SECRET could not be checked.*invalid_request/);
  });

  test('a wrong client secret stops the run at the start, naming TARGET_CLIENT_SECRET, with one failed case', async () => {
    test.setTimeout(patient(120_000));
    const account = await startAccount([]);
    const reportsDir = mkdtempSync(join(tmpdir(), 'conformance-wrong-secret-'));
    try {
      const env = { ...account.env, TARGET_CLIENT_SECRET: WRONG };
      // Any few tests (the two denials): the run stops before them.
      const run = await runSuite({ env, reportsDir, grep: requirementGrep(['R7.1-04']), timeoutMs: 100_000 });
      expect(run.exitCode, run.output).toBe(2);
      expect(run.output).toMatch(/^ {2}- TARGET_CLIENT_SECRET: /m);
      expect(run.output + run.stdout).not.toContain(WRONG);
      const junit = readFileSync(join(reportsDir, 'junit.xml'), 'utf8');
      expect(junit).toContain('tests="1" failures="1"');
      expect(junit).toMatch(/<failure message="[^"]*TARGET_CLIENT_SECRET/);
    } finally {
      rmSync(reportsDir, { recursive: true, force: true });
      await account.close();
    }
  });
});
