// The standalone sandbox's seed (SANDBOX_SEED_FILE): clients, users and ads it re-creates on every
// start with the ids and secrets the file gives, so that an account rehearsed on it (`classifieds-
// conformance sandbox --account`, bin/sandbox.ts) keeps the same `.env` across restarts. With a data
// folder (persist/), what it already holds is left as it is: the seed is applied once, to an empty
// folder, and after that only what it names and the folder does not hold at all is added. A seed may also give access tokens, as a
// marketplace's test account comes with the token an integration kept from its consent.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SECTION_3_STATUSES } from '../spec/ad-status.js';
import { DEFAULT_AD_CATEGORY } from './notifications/body.js';
import { isScope, type Scope } from '../spec/scopes.js';
import type { SandboxState } from './state/sandbox-state.js';
import type { Ad } from './store/ads.js';

export interface SeedClient {
  client_id: string;
  client_secret: string;
  name: string;
  redirect_uris: string[];
  rate_limit?: { requests: number; seconds: number };
}

export interface SeedUser {
  login: string;
  password: string;
  name: string;
  email: string;
  /** How many ads the user holds: made the same on every start (ids from seededAdId). */
  ads: number;
}

/** An access token the seed gives: a user's consent to a client of the seed, for these scopes. */
export interface SeedToken {
  token: string;
  client_id: string;
  login: string;
  scopes: Scope[];
}

export interface SandboxSeed {
  clients: SeedClient[];
  users: SeedUser[];
  tokens?: SeedToken[];
}

/** A token as the sandbox's own are written (base64url and the secret marker's characters), of a sane size. */
const SEED_TOKEN = /^[\x21-\x7e]{32,256}$/;

/** The seed file's content, or an Error that says what in it is wrong. */
export function readSeed(path: string): SandboxSeed {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<SandboxSeed>;
  if (!Array.isArray(parsed.clients) || !Array.isArray(parsed.users))
    throw new Error(`${path}: a seed holds "clients" and "users" arrays`);
  for (const client of parsed.clients)
    if (typeof client.client_id !== 'string' || typeof client.client_secret !== 'string')
      throw new Error(`${path}: every client has a "client_id" and a "client_secret"`);
  for (const user of parsed.users)
    if (typeof user.login !== 'string' || typeof user.password !== 'string' || !Number.isInteger(user.ads))
      throw new Error(`${path}: every user has a "login", a "password" and a number of "ads"`);
  const tokens = parsed.tokens ?? [];
  if (
    !Array.isArray(tokens) ||
    !tokens.every((one) => validToken(one, parsed.clients ?? [], parsed.users ?? []))
  )
    throw new Error(
      `${path}: "tokens" is an array of {token (32 to 256 printable characters), client_id and login of the seed, scopes}`,
    );
  return { clients: parsed.clients, users: parsed.users, tokens };
}

function validToken(token: SeedToken, clients: readonly SeedClient[], users: readonly SeedUser[]): boolean {
  return (
    typeof token.token === 'string' &&
    SEED_TOKEN.test(token.token) &&
    clients.some((client) => client.client_id === token.client_id) &&
    users.some((user) => user.login === token.login) &&
    Array.isArray(token.scopes) &&
    token.scopes.every((scope) => typeof scope === 'string' && isScope(scope))
  );
}

/**
 * Puts the seed's clients, users, ads and tokens into the sandbox's state, each one the state does
 * not hold at all (a client by its id, a user by its login, a token): on an empty data folder the
 * whole seed, on a kept one nothing it already holds. What the folder holds is never changed: a
 * user's ads are seeded with the user, so the statuses a rehearsal changed and the ads an import
 * added or removed stay as they were (the seed used to be applied again whenever a user's count of
 * ads differed from the seed's, and a restart after an import lost every imported ad while the
 * import's status still said accepted). The one exception is a state kept with the seeded ids of
 * an earlier release (`<login>-ad-0001`, longer than the import's ids), given the seed's ids again.
 */
export function applySeed(state: SandboxState, seed: SandboxSeed): void {
  for (const client of seed.clients) {
    if (state.clients.find(client.client_id) !== undefined) continue;
    const { client: registered } = state.clients.register(client.redirect_uris, client.name, {
      clientId: client.client_id,
      secret: client.client_secret,
    });
    if (client.rate_limit === undefined) continue;
    registered.rateLimit = { ...client.rate_limit };
    state.clients.changed(registered);
  }
  for (const user of seed.users) {
    if (!state.users.has(user.login)) {
      state.users.create(user);
      state.ads.replace(user.login, seededAds(user.login, user.ads));
    } else if (state.ads.find(user.login, earlierSeededAdId(user.login, 0)) !== undefined)
      state.ads.replace(user.login, seededAds(user.login, user.ads));
  }
  for (const { token, client_id: clientId, login, scopes } of seed.tokens ?? [])
    if (state.tokens.find(token) === undefined)
      state.tokens.keep(token, { clientId, login, scopes, issuedAtMs: Date.now() });
}

/** The id an earlier release gave a user's seeded ad. */
function earlierSeededAdId(login: string, index: number): string {
  return `${login}-ad-${String(index + 1).padStart(4, '0')}`;
}

/**
 * The id of a user's seeded ad: a tag of the login (6 hex digits of its hash, so that two logins'
 * ids differ), `-ad-` and the ad's number from 0001: at most 16 characters, which the ad import's
 * id rule takes ([A-Za-z0-9_{}-]{1,19}), so the import can change every seeded ad.
 */
export function seededAdId(login: string, index: number): string {
  return `${loginDigest(login).toString('hex').slice(0, 6)}-ad-${String(index + 1).padStart(4, '0')}`;
}

/**
 * The same ads on every start: every section 3 status in turn, a category, and a numeric-looking
 * `list_id` on every ad but those in approval (an ad never published has none, section 3), the
 * same for one login on every start and told apart between logins.
 */
export function seededAds(login: string, count: number): Ad[] {
  const base = listIdBase(login);
  return Array.from({ length: count }, (_, index) => {
    const status = SECTION_3_STATUSES[index % SECTION_3_STATUSES.length] ?? 'published';
    const id = seededAdId(login, index);
    const ad = { id, status, category: DEFAULT_AD_CATEGORY };
    return status === 'pending_review' ? ad : { ...ad, list_id: String(base + index + 1) };
  });
}

/** The first of a login's list ids: 10 digits from its hash, room for a million ads after it. */
function listIdBase(login: string): number {
  const prefix = loginDigest(login).readUInt32BE(0) % 8_000;
  return (1_000 + prefix) * 1_000_000;
}

function loginDigest(login: string): Buffer {
  return createHash('sha256').update(login).digest();
}
