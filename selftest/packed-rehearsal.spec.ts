import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { expect, test } from '@playwright/test';
import { spawnCollect } from '../embedded/run-suite.js';
import {
  NPX,
  PROJECT_ROOT,
  alternativeCommand,
  packAndInstall,
  startRehearsal,
  teamEnv,
} from './support/packed-project.js';
import { caseGrep, everyRequirementGrep } from '../embedded/requirement-grep.js';
import { seededAdId } from '../sandbox/seed.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The tests of account mode that need what the rehearsal account holds: three redirect URIs, the
 * second client, the second user, the user's name and e-mail, the ads, a rate limit. A few, not
 * the whole suite: the install is most of the time.
 */
const ACCOUNT_GREP = [
  everyRequirementGrep(['R4.1-05', 'R2.1-01']),
  caseGrep(['code-of-another-client']),
  everyRequirementGrep(['R4.6-06', 'R5-06']),
  everyRequirementGrep(['R4.3-01', 'R2.4-01']),
  everyRequirementGrep(['R2.5-06', 'R4.4-07']),
  everyRequirementGrep(['R7.3-05', 'R8-05']),
].join('|');

const WORKFLOWS = ['nightly', 'gate'];

function run(scratch: string, args: string[], timeoutMs = 120_000): ReturnType<typeof spawnCollect> {
  return spawnCollect(NPX, ['classifieds-conformance', ...args], teamEnv(), timeoutMs, scratch);
}

/** The printed `.env` block without what changes with the free ports a test uses. */
const PORT_BOUND = new Set(['TARGET_AUTH_URL', 'TARGET_APPS_URL', 'STATUS_CHANGE_CONTROL_URL']);

function credentials(block: string): Array<[string, string]> {
  const parsed = parseEnv(block) as Record<string, string>;
  return Object.entries(parsed).filter(([name]) => !PORT_BOUND.has(name));
}

async function checkInit(scratch: string): Promise<void> {
  writeFileSync(join(scratch, '.gitignore'), 'node_modules/\n');
  const init = await run(scratch, ['init']);
  expect(init.exitCode, init.stderr).toBe(0);
  for (const name of WORKFLOWS) {
    const written = readFileSync(join(scratch, '.github', 'workflows', `conformance-${name}.yml`), 'utf8');
    const ours = readFileSync(join(PROJECT_ROOT, '.github', 'workflows', `${name}.yml`), 'utf8');
    expect(written, `init writes this repository's own ${name}.yml`).toBe(ours);
  }
  expect(readFileSync(join(scratch, '.env.example'), 'utf8')).toContain('# TARGET_STATUS_CHANGE_COMMAND=');
  expect(readFileSync(join(scratch, '.gitignore'), 'utf8').split('\n')).toEqual(
    expect.arrayContaining(['node_modules/', 'reports/', '.conformance/', '.env']),
  );
  writeFileSync(join(scratch, '.env.example'), '# the team edited it\n');
  const again = await run(scratch, ['init']);
  expect(again.stdout).toContain('skipped  .env.example (it exists; --force replaces it)');
  expect(readFileSync(join(scratch, '.env.example'), 'utf8')).toBe('# the team edited it\n');
  const client = await run(scratch, ['init', '--client']);
  expect(client.stdout).toContain('wrote    .github/workflows/conformance-client.yml');
  expect(readFileSync(join(scratch, '.github', 'workflows', 'conformance-client.yml'), 'utf8')).toBe(
    readFileSync(join(PROJECT_ROOT, '.github', 'workflows', 'client.yml'), 'utf8'),
  );
}

test('a team repository: npm install without engine warnings, init, then run in account mode against sandbox --account with the .env it printed, the same credentials after a restart', async () => {
  test.setTimeout(patient(900_000));
  const scratch = mkdtempSync(join(tmpdir(), 'conformance-rehearsal-'));
  try {
    const installed = await packAndInstall(scratch, teamEnv());
    expect(installed, 'every dependency supports Node 20').not.toContain('EBADENGINE');
    await checkInit(scratch);

    const first = await startRehearsal(scratch, teamEnv());
    await first.stop();
    const rehearsal = await startRehearsal(scratch, teamEnv());
    try {
      expect(credentials(rehearsal.envBlock), 'the state file gives the same account').toEqual(
        credentials(first.envBlock),
      );
      const env = parseEnv(rehearsal.envBlock) as Record<string, string>;
      expect(env).toMatchObject({ CONFORMANCE_ALLOW_WRITES: '1', TARGET_USER_AD_COUNT: '300' });
      expect(env).not.toHaveProperty('SANDBOX_CONTROL_KEY');
      expect(env.TARGET_REDIRECT_URIS?.split(' ')).toHaveLength(3);
      writeFileSync(join(scratch, '.env'), `${rehearsal.envBlock}\nCONFORMANCE_WORKERS=1\n`);

      const suite = await run(scratch, ['run', '--grep', ACCOUNT_GREP], 420_000);
      const output = suite.stdout + suite.stderr;
      expect(suite.exitCode, output).toBe(0);
      expect(output).toMatch(/\b([6-9]|\d\d) passed, 0 failed, 0 skipped/);

      // The status-change command the block names (the ad import), run as the suite runs it
      // (sh -c), then the helpers' command it offers as the alternative.
      const alternative = alternativeCommand(rehearsal.envBlock);
      expect(env.TARGET_STATUS_CHANGE_COMMAND).toContain('ad-import.mjs');
      const login = env.TARGET_USER_LOGIN ?? '';
      const changes = [
        [env.TARGET_STATUS_CHANGE_COMMAND ?? 'false', seededAdId(login, 0), 'deleted'],
        [alternative, seededAdId(login, 1), 'refused'],
      ] as const;
      for (const [command, id, status] of changes) {
        const change = await spawnCollect(
          'sh',
          ['-c', command],
          { ...teamEnv(), ...env, AD_OWNER: login, AD_ID: id, AD_STATUS: status },
          60_000,
          scratch,
        );
        expect(change.exitCode, change.stderr).toBe(0);
        expect(JSON.parse(change.stdout.trim().split('\n').at(-1) ?? '')).toMatchObject({ id, status });
      }
    } finally {
      await rehearsal.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
