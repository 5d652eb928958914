// The rehearsal account of `classifieds-conformance sandbox --account`: made once with random
// credentials, kept in a state file, and given to the standalone sandbox as its seed on every start
// (sandbox/seed.ts), so the `.env` printed the first time stays right across restarts.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { SandboxSeed } from '../sandbox/seed.js';
import { CONTROL_KEY_TAG, secretMarker } from '../spec/secret-marker.js';
import { environment } from '../config/environment.js';

/** The seed, and the control key the status-change example uses (never the suite: account mode). */
export interface AccountState extends SandboxSeed {
  control_key: string;
}

/** Redirect URIs nobody serves: the suite reads the code from the browser's navigation. */
const ORIGIN = 'http://127.0.0.1:9/rehearsal';
/** The second client's limit, low enough for the rate-limit check's burst to meet. */
const CLIENT2_RATE_LIMIT = { requests: 20, seconds: 1 };
const RATE_LIMIT_BURST = 500;
const USER2_ADS = 20;

function secret(kind: string): string {
  return `${secretMarker(environment())}${kind}${randomBytes(24).toString('base64url')}`;
}

function newAccount(ads: number): AccountState {
  const id = (): string => `cl_${randomBytes(8).toString('hex')}`;
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
  };
}

/**
 * The state file's account, made and written when the file does not exist yet. `ads` sets the first
 * user's number of ads (and is written back), so that a later start without it keeps the count.
 */
export function loadAccount(path: string, ads: number | undefined): AccountState {
  if (!existsSync(path)) {
    const account = newAccount(ads ?? 300);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
    return account;
  }
  const account = JSON.parse(readFileSync(path, 'utf8')) as AccountState;
  const first = account.users[0];
  if (ads !== undefined && first !== undefined && first.ads !== ads) {
    first.ads = ads;
    writeFileSync(path, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
  }
  return account;
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

/** The `.env` block of account mode (contract section 3) for this account on this sandbox. */
export function envBlock(account: AccountState, urls: RunningUrls, statePath: string): string {
  const [client, client2] = account.clients;
  const [user, user2] = account.users;
  if (client === undefined || client2 === undefined || user === undefined || user2 === undefined)
    throw new Error(`${statePath}: the account needs two clients and two users`);
  const example = resolve(__dirname, '..', 'examples', 'status-change', 'sandbox-helpers.mjs');
  const uris = client.redirect_uris;
  return [
    `# Account mode on the rehearsal sandbox (state kept in ${relative('.', statePath)}): put these in .env,`,
    '# then run `npx classifieds-conformance run`. The suite is told no control key: only the',
    '# status-change command (examples/status-change) uses the test helpers, with its own variables.',
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
    // An absolute path: the suite runs the command with `sh -c` from wherever it was started.
    line('TARGET_STATUS_CHANGE_COMMAND', `node '${example.replaceAll("'", `'\\''`)}'`),
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
