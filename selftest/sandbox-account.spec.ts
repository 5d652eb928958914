import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { expect, test } from '@playwright/test';
import { envBlock, loadAccount, type AccountState } from '../bin/sandbox-account.js';
import { childEnvironment } from '../config/environment.js';
import { spawnCollect } from '../embedded/run-suite.js';
import { AD_ID_PATTERN } from '../sandbox/import/vocabulary.js';
import { applySeed, readSeed, seededAds } from '../sandbox/seed.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { alternativeCommand } from './support/packed-project.js';

/**
 * The rehearsal account of `sandbox --account` (bin/sandbox-account.ts) on an in-process sandbox:
 * its seeded ids fit the ad import's id rule, its `.env` block names the ad import's command with
 * the users' import tokens (the helpers' command as the alternative), and both commands change a
 * seeded ad. The packed, end-to-end rehearsal is selftest/packed-rehearsal.spec.ts.
 */
let folder: string;
test.beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'sandbox-account-'));
});
test.afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** One run of a status-change command as the suite runs it (`sh -c`), with the printed `.env`. */
function changeStatus(
  command: string,
  env: Record<string, string>,
  change: Record<string, string>,
): ReturnType<typeof spawnCollect> {
  return spawnCollect('sh', ['-c', command], { ...childEnvironment(), ...env, ...change }, 60_000);
}

function tokensOf(account: AccountState): Array<[string, string[]]> {
  return account.tokens.map((one) => [one.login, one.scopes]);
}

test('a new account holds an import client and an autoupload token per user; an older state file gets them, its credentials kept', () => {
  const path = join(folder, 'account.json');
  const account = loadAccount(path, 12);
  expect(account.clients).toHaveLength(3);
  expect(tokensOf(account)).toEqual([
    ['rehearsal_alice', ['autoupload']],
    ['rehearsal_bob', ['autoupload']],
  ]);
  expect(loadAccount(path, undefined)).toEqual(account);
  expect(statSync(path).mode & 0o777).toBe(0o600);

  const older = { ...account, clients: account.clients.slice(0, 2) } as Partial<AccountState>;
  delete older.tokens;
  writeFileSync(path, JSON.stringify(older));
  chmodSync(path, 0o600);
  const upgraded = loadAccount(path, undefined);
  expect(upgraded.clients.slice(0, 2)).toEqual(account.clients.slice(0, 2));
  expect(tokensOf(upgraded)).toEqual(tokensOf(account));
  expect(upgraded.tokens.map((one) => one.token)).not.toEqual(account.tokens.map((one) => one.token));
  expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(upgraded);
  expect(() => readSeed(path)).not.toThrow();
});

interface Rehearsal {
  account: AccountState;
  sandbox: StartedSandbox;
  block: string;
  env: Record<string, string>;
}

/** The account on an in-process sandbox seeded from its state file, as `sandbox --account` starts one. */
async function rehearse(): Promise<Rehearsal> {
  const path = join(folder, 'account.json');
  const account = loadAccount(path, 12);
  const sandbox = await startSandbox({ controlKey: account.control_key });
  applySeed(sandbox.state, readSeed(path));
  const block = envBlock(account, sandbox, path);
  return { account, sandbox, block, env: parseEnv(block) as Record<string, string> };
}

test("the printed .env changes seeded ads through the ad import by default, and through the helpers' command as the alternative", async () => {
  const { account, sandbox, block, env } = await rehearse();
  try {
    expect(env.TARGET_STATUS_CHANGE_COMMAND).toMatch(/examples\/status-change\/ad-import\.mjs'$/);
    expect([env.IMPORT_ACCESS_TOKEN, env.IMPORT_ACCESS_TOKEN_USER2]).toEqual(
      account.tokens.map((one) => one.token),
    );
    const alternative = alternativeCommand(block);
    expect(alternative).toMatch(/examples\/status-change\/sandbox-helpers\.mjs'$/);
    const [alice, bob] = account.users.map((user) => sandbox.state.ads.view(user.login, undefined));
    const ids = [...(alice ?? []), ...(bob ?? [])].map((ad) => ad.id);
    expect(
      ids.filter((id) => !AD_ID_PATTERN.test(id)),
      'ids the import refuses',
    ).toEqual([]);
    expect(new Set(ids).size, 'ids told apart between the users').toBe(ids.length);

    const command = env.TARGET_STATUS_CHANGE_COMMAND ?? '';
    const changes = [
      [command, env.TARGET_USER_LOGIN ?? '', alice?.[1]?.id ?? '', 'deleted'],
      [command, env.TARGET_USER2_LOGIN ?? '', bob?.[0]?.id ?? '', 'sold'],
      [alternative, env.TARGET_USER_LOGIN ?? '', alice?.[2]?.id ?? '', 'refused'],
    ] as const;
    for (const [through, owner, id, status] of changes) {
      const made = await changeStatus(through, env, { AD_OWNER: owner, AD_ID: id, AD_STATUS: status });
      expect(made.exitCode, made.stderr).toBe(0);
      expect(JSON.parse(made.stdout.trim().split('\n').at(-1) ?? '')).toMatchObject({ id, status });
      expect(sandbox.state.ads.find(owner, id)?.status).toBe(status);
    }
    expect(sandbox.state.adImport.store.keptItemCount(), 'two changes through the import').toBe(2);
  } finally {
    await sandbox.close();
  }
});

test("a state kept with the earlier ids (<login>-ad-0001, over the import's 19 characters) gets the seed's ids again", async () => {
  const { account, sandbox } = await rehearse();
  try {
    const [user] = account.users;
    if (user === undefined) throw new Error('set-up: the first user');
    const earlier = sandbox.state.ads
      .view(user.login, undefined)
      .map((ad, index) => ({ ...ad, id: `${user.login}-ad-${String(index + 1).padStart(4, '0')}` }));
    sandbox.state.ads.replace(user.login, earlier);
    applySeed(sandbox.state, { clients: account.clients, users: account.users });
    expect(sandbox.state.ads.view(user.login, undefined).map((ad) => ad.id)).toEqual(
      seededAds(user.login, user.ads).map((ad) => ad.id),
    );
  } finally {
    await sandbox.close();
  }
});
