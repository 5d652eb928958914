/**
 * What a real account offers a run without test helpers (contract section 1, and this project's
 * additions): the configured client with every redirect URI registered for it, an optional second
 * client and second user (binding and isolation checks), and the basic user info each user is
 * expected to have. Each wrong variable is one line of `problems`.
 */

export interface ConfiguredClient {
  clientId: string;
  clientSecret: string;
  /** TARGET_REDIRECT_URI: the URI the suite sends by default. */
  redirectUri: string;
  /**
   * Every URI registered for the client, `redirectUri` first: TARGET_REDIRECT_URIS, or
   * `[redirectUri]` when it is unset (the client is then taken to have that one URI alone).
   */
  redirectUris: string[];
}

export interface ConfiguredUser {
  login: string;
  password: string;
  /** TARGET_USER_NAME (TARGET_USER2_NAME): the expected `user_name` of basic user info (2.4). */
  name?: string;
  /** TARGET_USER_EMAIL (TARGET_USER2_EMAIL): the expected `user_email` of basic user info (2.4). */
  email?: string;
}

export interface ConfiguredAccount {
  client: ConfiguredClient | null;
  /** TARGET_CLIENT2_*: another registered client, with one redirect URI (its only one). */
  client2: ConfiguredClient | null;
  user: ConfiguredUser | null;
  /** TARGET_USER2_*: another marketplace test user. */
  user2: ConfiguredUser | null;
}

type Read = (name: string) => string | undefined;

/** The spec's bound on redirect URIs per client (2.1, 8). */
const MAX_REDIRECT_URIS = 3;

export function resolveAccount(read: Read, problems: string[]): ConfiguredAccount {
  const client = resolveClient(read, problems, '', 'TARGET_REDIRECT_URI');
  if (client !== null) client.redirectUris = resolveRedirectUris(read, client.redirectUri, problems);
  else if (read('TARGET_REDIRECT_URIS') !== undefined)
    problems.push(
      "TARGET_REDIRECT_URIS: lists the configured client's URIs: set TARGET_CLIENT_ID, TARGET_CLIENT_SECRET and TARGET_REDIRECT_URI with it",
    );
  const client2 = resolveClient(read, problems, '2', 'TARGET_CLIENT2_REDIRECT_URI');
  if (client2 !== null)
    checkSecond(problems, 'TARGET_CLIENT2_ID', client2.clientId, client?.clientId, 'client');
  const user = resolveUser(read, problems, '');
  const user2 = resolveUser(read, problems, '2');
  if (user2 !== null) checkSecond(problems, 'TARGET_USER2_LOGIN', user2.login, user?.login, 'user');
  return { client, client2, user, user2 };
}

function resolveClient(
  read: Read,
  problems: string[],
  index: '' | '2',
  redirectName: string,
): ConfiguredClient | null {
  const names = [`TARGET_CLIENT${index}_ID`, `TARGET_CLIENT${index}_SECRET`, redirectName];
  const values = resolveGroup(read, names, problems);
  if (values === null) return null;
  const [clientId = '', clientSecret = '', redirectUri = ''] = values;
  if (!isAbsoluteUri(redirectUri))
    problems.push(`${redirectName}: expected an absolute URI, got "${redirectUri}"`);
  return { clientId, clientSecret, redirectUri, redirectUris: [redirectUri] };
}

/**
 * TARGET_REDIRECT_URIS: every URI registered for the configured client, space-separated, in any
 * order, TARGET_REDIRECT_URI among them. Returned with TARGET_REDIRECT_URI first.
 */
function resolveRedirectUris(read: Read, redirectUri: string, problems: string[]): string[] {
  const raw = read('TARGET_REDIRECT_URIS');
  if (raw === undefined) return [redirectUri];
  const uris = raw.split(/\s+/);
  const before = problems.length;
  if (uris.length > MAX_REDIRECT_URIS)
    problems.push(
      `TARGET_REDIRECT_URIS: a client has 1 to ${MAX_REDIRECT_URIS} registered redirect URIs (2.1), got ${uris.length}`,
    );
  const notAbsolute = uris.filter((uri) => !isAbsoluteUri(uri));
  if (notAbsolute.length > 0)
    problems.push(`TARGET_REDIRECT_URIS: expected absolute URIs, got "${notAbsolute.join('", "')}"`);
  const repeated = uris.filter((uri, index) => uris.indexOf(uri) !== index);
  if (repeated.length > 0) problems.push(`TARGET_REDIRECT_URIS: "${repeated.join('", "')}" listed twice`);
  if (!uris.includes(redirectUri))
    problems.push(
      `TARGET_REDIRECT_URIS: must list TARGET_REDIRECT_URI ("${redirectUri}") among the client's registered URIs`,
    );
  if (problems.length > before) return [redirectUri];
  return [redirectUri, ...uris.filter((uri) => uri !== redirectUri)];
}

function resolveUser(read: Read, problems: string[], index: '' | '2'): ConfiguredUser | null {
  const loginName = `TARGET_USER${index}_LOGIN`;
  const values = resolveGroup(read, [loginName, `TARGET_USER${index}_PASSWORD`], problems);
  const name = read(`TARGET_USER${index}_NAME`);
  const email = read(`TARGET_USER${index}_EMAIL`);
  for (const [variable, value] of [
    [`TARGET_USER${index}_NAME`, name],
    [`TARGET_USER${index}_EMAIL`, email],
  ] as const) {
    if (value !== undefined && values === null)
      problems.push(`${variable}: describes the user of ${loginName}, which is not set`);
  }
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))
    problems.push(`TARGET_USER${index}_EMAIL: expected an e-mail address, got "${email}"`);
  if (values === null) return null;
  const [login = '', password = ''] = values;
  return {
    login,
    password,
    ...(name === undefined ? {} : { name }),
    ...(email === undefined ? {} : { email }),
  };
}

/** A second client or user is another one, beside the first. */
function checkSecond(
  problems: string[],
  variable: string,
  second: string,
  first: string | undefined,
  what: 'client' | 'user',
): void {
  const firstName = what === 'client' ? 'TARGET_CLIENT_ID' : 'TARGET_USER_LOGIN';
  if (first === undefined)
    problems.push(`${variable}: a second ${what} is used beside the first: set ${firstName} too`);
  else if (first === second)
    problems.push(`${variable}: the same as ${firstName}; the second ${what} must be another one`);
}

/** Variables that only make sense together: all set, or none. */
export function resolveGroup(read: Read, names: readonly string[], problems: string[]): string[] | null {
  const values = names.map(read);
  const missing = names.filter((_, index) => values[index] === undefined);
  if (missing.length === names.length) return null;
  if (missing.length > 0) {
    for (const name of missing)
      problems.push(
        `${name}: required together with ${names.filter((n) => !missing.includes(n)).join(', ')}`,
      );
    return null;
  }
  return values.map((value) => value ?? '');
}

export function isAbsoluteUri(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}
