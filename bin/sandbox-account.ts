// The rehearsal account of `classifieds-conformance sandbox --account`: made once with random
// credentials, kept in a state file, and given to the standalone sandbox as its seed on every start
// (sandbox/seed.ts), so the `.env` printed the first time stays right across restarts. Its
// status-change command is the ad import (examples/status-change/ad-import.mjs), as on a real
// account; the test helpers' command is printed as the alternative.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { SandboxSeed, SeedToken } from '../sandbox/seed.js';
import { CONTROL_KEY_TAG, secretMarker } from '../spec/secret-marker.js';
import { environment } from '../config/environment.js';

/**
 * The seed, and the control key the helpers' status-change example uses (never the suite: account
 * mode). The seed's tokens are the ad import's: one per user, with the scope autoupload, of a
 * client of their own (a dealer system's), which the suite never uses, so that no run's tokens
 * push them out of the sandbox's bound on tokens per client and user.
 */
export interface AccountState extends SandboxSeed {
  control_key: string;
  tokens: SeedToken[];
}

/**
 * The redirect URIs' origin: the suite reads the code from the browser's navigation, a client of
 * one's own from its callback server there (the demo client's port). Never a port browsers refuse
 * to load (Chromium's ERR_UNSAFE_PORT, as port 9 was: a state file holding it is moved here).
 */
const ORIGIN = 'http://127.0.0.1:8765/rehearsal';
const UNSAFE_ORIGIN = 'http://127.0.0.1:9/rehearsal';
/** The second client's limit, low enough for the rate-limit check's burst to meet. */
const CLIENT2_RATE_LIMIT = { requests: 20, seconds: 1 };
const RATE_LIMIT_BURST = 500;
const USER2_ADS = 20;

function secret(kind: string): string {
  return `${secretMarker(environment())}${kind}${randomBytes(24).toString('base64url')}`;
}

const newClientId = (): string => `cl_${randomBytes(8).toString('hex')}`;

function newAccount(ads: number): AccountState {
  const id = newClientId;
  const user = (login: string, name: string, count: number): SandboxSeed['users'][number] => ({
    login,
    password: secret('_pw_'),
    name,
    email: `${login.replace('_', '.')}@rehearsal.example`,
    ads: count,
  });
  return {
    control_key: secret(CONTROL_KEY_TAG),
    clients: [
      {
        client_id: id(),
        client_secret: secret('_cs_'),
        name: 'Rehearsal integrator',
        redirect_uris: ['cb1', 'cb2', 'cb3'].map((label) => `${ORIGIN}/${label}`),
      },
      {
        client_id: id(),
        client_secret: secret('_cs_'),
        name: 'Rehearsal second integrator',
        redirect_uris: [`${ORIGIN}/second`],
        rate_limit: CLIENT2_RATE_LIMIT,
      },
    ],
    users: [
      user('rehearsal_alice', 'Alice Rehearsal', ads),
      user('rehearsal_bob', 'Bob Rehearsal', USER2_ADS),
    ],
    tokens: [],
  };
}

/**
 * Adds the ad import's client and its two tokens when the account has none (a state file written
 * before the ad import was its status-change command); true when it did.
 */
function withImportTokens(account: AccountState): boolean {
  if (Array.isArray(account.tokens) && account.tokens.length > 0) return false;
  const client = {
    client_id: newClientId(),
    client_secret: secret('_cs_'),
    name: 'Rehearsal dealer system (the ad import)',
    redirect_uris: [`${ORIGIN}/dealer`],
  };
  account.clients.push(client);
  account.tokens = account.users.slice(0, 2).map((user) => ({
    token: secret('_at_'),
    client_id: client.client_id,
    login: user.login,
    scopes: ['autoupload'],
  }));
  return true;
}

function write(path: string, account: AccountState): void {
  writeFileSync(path, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
}

/**
 * The state file's account, made and written when the file does not exist yet. `ads` sets the first
 * user's number of ads (and is written back), so that a later start without it keeps the count.
 */
export function loadAccount(path: string, ads: number | undefined): AccountState {
  if (!existsSync(path)) {
    const account = newAccount(ads ?? 300);
    withImportTokens(account);
    mkdirSync(dirname(path), { recursive: true });
    write(path, account);
    return account;
  }
  const account = JSON.parse(readFileSync(path, 'utf8')) as AccountState;
  const first = account.users[0];
  const recount = ads !== undefined && first !== undefined && first.ads !== ads;
  if (recount) first.ads = ads;
  if (withImportTokens(account) || movedFromUnsafePort(account) || recount) write(path, account);
  return account;
}

/** Redirect URIs on the port browsers refuse moved to ORIGIN; true when one was. */
function movedFromUnsafePort(account: AccountState): boolean {
  let moved = false;
  for (const client of account.clients)
    client.redirect_uris = client.redirect_uris.map((uri) => {
      if (!uri.startsWith(`${UNSAFE_ORIGIN}/`)) return uri;
      moved = true;
      return `${ORIGIN}${uri.slice(UNSAFE_ORIGIN.length)}`;
    });
  return moved;
}

export interface RunningUrls {
  authUrl: string;
  appsUrl: string;
  caFile: string;
}

/** Quoted when it holds a space: `.env` is read with Node's parseEnv. */
function line(name: string, value: string): string {
  return `${name}=${/\s/.test(value) ? JSON.stringify(value) : value}`;
}

/** A command line that runs one of the shipped examples, by its absolute path (the suite runs it with `sh -c` from anywhere). */
function exampleCommand(file: string): string {
  const path = resolve(__dirname, '..', 'examples', 'status-change', file);
  return `node '${path.replaceAll("'", `'\\''`)}'`;
}

/** The ad import's token of a user, from the seed. */
function importToken(account: AccountState, login: string, statePath: string): string {
  const found = account.tokens.find((one) => one.login === login && one.scopes.includes('autoupload'));
  if (found === undefined) throw new Error(`${statePath}: no ad import token for ${login}`);
  return found.token;
}

/** The `.env` block of account mode (contract section 3) for this account on this sandbox. */
export function envBlock(account: AccountState, urls: RunningUrls, statePath: string): string {
  const [client, client2] = account.clients;
  const [user, user2] = account.users;
  if (client === undefined || client2 === undefined || user === undefined || user2 === undefined)
    throw new Error(`${statePath}: the account needs two clients and two users`);
  const uris = client.redirect_uris;
  return [
    `# Account mode on the rehearsal sandbox (state kept in ${relative('.', statePath)}): put these in .env,`,
    '# then run `npx classifieds-conformance run`. The suite is told no control key: its status changes',
    "# go through the sandbox's ad import, as on a real account (examples/status-change/ad-import.mjs).",
    line('TARGET_AUTH_URL', urls.authUrl),
    line('TARGET_APPS_URL', urls.appsUrl),
    line('TLS_CA_FILE', urls.caFile),
    line('TARGET_CLIENT_ID', client.client_id),
    line('TARGET_CLIENT_SECRET', client.client_secret),
    line('TARGET_REDIRECT_URI', uris[1] ?? uris[0] ?? ''),
    line('TARGET_REDIRECT_URIS', uris.join(' ')),
    line('TARGET_CLIENT2_ID', client2.client_id),
    line('TARGET_CLIENT2_SECRET', client2.client_secret),
    line('TARGET_CLIENT2_REDIRECT_URI', client2.redirect_uris[0] ?? ''),
    ...userLines('TARGET_USER', user),
    line('TARGET_USER_AD_COUNT', String(user.ads)),
    ...userLines('TARGET_USER2', user2),
    line('CONFORMANCE_ALLOW_WRITES', '1'),
    line('CONFORMANCE_RATE_LIMIT_BURST', String(RATE_LIMIT_BURST)),
    line('TARGET_STATUS_CHANGE_COMMAND', exampleCommand('ad-import.mjs')),
    line('IMPORT_ACCESS_TOKEN', importToken(account, user.login, statePath)),
    line('IMPORT_ACCESS_TOKEN_USER2', importToken(account, user2.login, statePath)),
    line('IMPORT_SANDBOX_ANY_STATUS', '1'),
    "# The alternative, through the sandbox's test helpers (any status at once, no moderation delay):",
    `# ${line('TARGET_STATUS_CHANGE_COMMAND', exampleCommand('sandbox-helpers.mjs'))}`,
    line('STATUS_CHANGE_CONTROL_URL', urls.appsUrl),
    line('STATUS_CHANGE_CONTROL_KEY', account.control_key),
  ].join('\n');
}

function userLines(prefix: string, user: SandboxSeed['users'][number]): string[] {
  return [
    line(`${prefix}_LOGIN`, user.login),
    line(`${prefix}_PASSWORD`, user.password),
    line(`${prefix}_NAME`, user.name),
    line(`${prefix}_EMAIL`, user.email),
  ];
}
