import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { childEnvironment } from '../config/environment.js';
import { startClientSandbox, type ClientSandbox } from './support/client-sandbox.js';
import { gradedRun, linesAmiss, type GradedRun } from './support/client-run.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The reference client's tests can fail: the same client made to break one rule (its code sent a
 * second time, after the exchange succeeded) gets C2.2-01 failed and nothing else amiss (made to
 * follow a page token it already sent, under page-cycle, C4.4-04 alone), and the
 * package's `client-report` command, as a CI job runs it against the running sandbox, exits 1 for
 * it and 0 for the client as it is.
 */

const COMMAND = resolve(__dirname, '..', 'bin', 'classifieds-conformance.mjs');

function clientReport(sandbox: ClientSandbox, clientId: string): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [COMMAND, 'client-report', '--client-id', clientId, '--control-url', sandbox.controlUrl],
    {
      cwd: resolve(__dirname, '..'),
      env: childEnvironment({ SANDBOX_CONTROL_KEY: sandbox.key, SANDBOX_CONTROL_URL: undefined }),
      encoding: 'utf8',
      timeout: patient(60_000),
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The run's one requirement amiss is `id`, and its evidence holds the request `evidence` names. */
function expectAmissAlone(run: GradedRun, id: string, evidence: RegExp, why: string): void {
  expect(
    linesAmiss(run).map((line) => line.id),
    run.summary,
  ).toEqual([id]);
  const records = run.lines.find((line) => line.id === id)?.evidence ?? [];
  expect(records.map((item) => item.record).join('\n'), why).toMatch(evidence);
}

test('the reference client that sends its code again fails C2.2-01 alone, and client-report exits 1 for it, 0 for the client as it is', async () => {
  test.setTimeout(patient(150_000));
  const sandbox = await startClientSandbox('pages', 7);
  try {
    const broken = await gradedRun(sandbox, { mistakes: { resendCode: true } });
    expect(broken.outcome, 'the sandbox revokes the token of a code presented twice').toBeInstanceOf(Error);
    expect(
      broken.outcome instanceof Error ? broken.outcome.message : '',
      'the client stops at the refusal',
    ).toMatch(/refused the token/);
    expectAmissAlone(broken, 'C2.2-01', /POST \/oauth\/token/, 'the second token request is the evidence');
    const sound = await gradedRun(sandbox);
    expect(linesAmiss(sound), sound.summary).toEqual([]);

    const failing = clientReport(sandbox, broken.clientId);
    expect(failing.status, failing.output).toBe(1);
    expect(failing.output).toMatch(/FAILED\s+C2\.2-01/);
    expect(failing.output).toContain('Chaos: pages, seed 7');
    expect(failing.output, 'no control key in the card').not.toContain(sandbox.key);
    const passing = clientReport(sandbox, sound.clientId);
    expect(passing.status, passing.output).toBe(0);
  } finally {
    await sandbox.stop();
  }
});

test('the reference client that follows a page token it already sent gets C4.4-04 alone, the repeated page as evidence', async () => {
  test.setTimeout(patient(150_000));
  const sandbox = await startClientSandbox('page-cycle', 7);
  // Each run is a new client, whose draws differ: sixteen ads one a page give fourteen pages that
  // may cycle, none of them one time in sixteen thousand.
  const pages = { fetchSize: 1, adCount: 16 };
  try {
    const looping = await gradedRun(sandbox, { ...pages, mistakes: { followRepeatedTokens: true } });
    expect(looping.outcome, 'the run ends').not.toBeInstanceOf(Error);
    expectAmissAlone(
      looping,
      'C4.4-04',
      /GET \/autoupload\/v1\/published/,
      'the listing request that fetched the page again is the evidence',
    );
    const sound = await gradedRun(sandbox, pages);
    expect(linesAmiss(sound), sound.summary).toEqual([]);
    expect(sound.lines.find((line) => line.id === 'C4.4-04')?.standing, sound.summary).toBe('passed');
  } finally {
    await sandbox.stop();
  }
});
