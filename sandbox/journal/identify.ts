import type { FastifyRequest } from 'fastify';
import { readCookie, SESSION_COOKIE } from '../http/cookies.js';
import { Params } from '../http/params.js';
import type { JournalState } from './journal-state.js';

/**
 * Who a request acts for, and where it carried its credentials (the values, for fingerprinting).
 * `clientId` only by proof: a token the sandbox issued to that client (live, or remembered as
 * revoked), or that client's secret. A client id the request only names is `claimedClientId`:
 * anyone can name any client (its id is in every authorization URL).
 */
export interface Identity {
  clientId: string | null;
  /** The client the request named without proving it (client_id, HTTP Basic's user, a pending request). */
  claimedClientId: string | null;
  login: string | null;
  /** How `clientId` was proven. */
  proof?: 'token' | 'secret';
  bearer?: string;
  bodyToken?: string;
  /** A token in the query string (`?access_token=` or under any name): a leak, still its client's. */
  queryToken?: string;
  /** A token as a segment of the path: a leak, still its client's. */
  pathToken?: string;
  basic?: boolean;
  secretIn?: Array<'body' | 'query' | 'header' | 'path'>;
  /** The token carried was this client's, since revoked (the journal remembers whose it was). */
  revoked?: boolean;
  /** The browser's cookie as sent (login, consent, authorize): what ties a flow's pages together. */
  cookie?: string;
}

/** The form of an authorization-server request (read as text there), or the JSON body's fields. */
export function bodyFields(body: unknown): Params | Record<string, unknown> {
  if (typeof body === 'string') return Params.fromEncoded(body.length > 65_536 ? '' : body);
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

export function field(fields: Params | Record<string, unknown>, name: string): string | undefined {
  const value = fields instanceof Params ? fields.get(name) : fields[name];
  return typeof value === 'string' ? value : undefined;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** HTTP Basic's user and password, as RFC 6749 2.3.1 encodes them. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const user = colon < 0 ? text : text.slice(0, colon);
  const password = colon < 0 ? '' : text.slice(colon + 1);
  return { user: decoded(user), password: decoded(password) };
}

/** The login and consent forms' client: the sealed request (login) or the session's pending one (consent). */
function formClient(
  request: FastifyRequest,
  state: JournalState,
  form: Params | Record<string, unknown>,
): Identity {
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  const sealed = field(form, 'request') ?? '';
  const browser = cookie === undefined ? {} : { cookie };
  if (cookie === undefined)
    return { clientId: null, claimedClientId: null, login: field(form, 'login') ?? null };
  const session = state.sessions.find(cookie);
  if (session !== undefined) {
    const pending = state.sessions.pendingRequest(sealed, session);
    return { clientId: null, claimedClientId: pending?.clientId ?? null, login: session.login, ...browser };
  }
  let held: { clientId: string } | undefined;
  try {
    held = state.sessions.sealed.open(sealed, cookie);
  } catch {
    held = undefined;
  }
  return {
    clientId: null,
    claimedClientId: held?.clientId ?? null,
    login: field(form, 'login') ?? null,
    ...browser,
  };
}

/** The client whose secret the request carried (body, query or Basic), when the secret is that client's. */
function secretClient(
  state: JournalState,
  named: string | undefined,
  secrets: ReadonlyArray<string | undefined>,
): string | undefined {
  if (named === undefined) return undefined;
  return secrets.some(
    (secret) => secret !== undefined && state.clients.authenticate(named, secret) !== undefined,
  )
    ? named
    : undefined;
}

/**
 * From the token (Bearer header, the body's or the query's access_token: its client and user,
 * live or since revoked) or the client's secret (the body, the query or HTTP Basic); what the
 * request only names (client_id, Basic's user) is a claim. The login and consent forms name
 * their client by their pending request: a claim too, proven later by the code exchanged.
 */
export function identify(request: FastifyRequest, state: JournalState, query: Params): Identity {
  const fields = bodyFields(request.body);
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/oauth/login') || path.startsWith('/oauth/consent'))
    return formClient(request, state, fields);
  const header = request.headers.authorization;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  const bodyToken = field(fields, 'access_token');
  const inUrl = urlCredentials(state, query, path);
  const token = bearer ?? bodyToken ?? inUrl.queryToken ?? inUrl.pathToken;
  const grant = token === undefined ? undefined : grantOf(state, token);
  const revoked = grant !== undefined && state.tokens.find(token ?? '') === undefined;
  const basic = basicCredentials(header);
  const secretIn: Array<'body' | 'query' | 'header' | 'path'> = [];
  if (field(fields, 'client_secret') !== undefined) secretIn.push('body');
  if (query.has('client_secret') || inUrl.secretClient !== undefined) secretIn.push('query');
  if (basic !== undefined) secretIn.push('header');
  if (inUrl.secretInPath) secretIn.push('path');
  const named = basic?.user ?? field(fields, 'client_id') ?? query.get('client_id');
  const bySecret =
    grant === undefined && secretIn.length > 0
      ? (secretClient(state, named, [
          field(fields, 'client_secret'),
          query.get('client_secret'),
          basic?.password,
        ]) ?? inUrl.secretClient)
      : undefined;
  const clientId = grant?.clientId ?? bySecret ?? null;
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  return {
    clientId,
    claimedClientId: clientId === null ? (named ?? null) : null,
    login: grant?.login ?? null,
    ...(grant !== undefined
      ? { proof: 'token' as const }
      : bySecret !== undefined
        ? { proof: 'secret' as const }
        : {}),
    ...(bearer === undefined ? {} : { bearer }),
    ...(bodyToken === undefined ? {} : { bodyToken }),
    ...(inUrl.queryToken === undefined ? {} : { queryToken: inUrl.queryToken }),
    ...(inUrl.pathToken === undefined ? {} : { pathToken: inUrl.pathToken }),
    ...(basic === undefined ? {} : { basic: true }),
    ...(secretIn.length === 0 ? {} : { secretIn: [...new Set(secretIn)] }),
    ...(revoked ? { revoked: true } : {}),
    ...(cookie === undefined ? {} : { cookie }),
  };
}

/** The token's client and user: live, or remembered as revoked. */
function grantOf(state: JournalState, token: string): { clientId: string; login: string } | undefined {
  return state.tokens.find(token) ?? state.journal.revoked.find(state.journal.fingerprints.fp(token));
}

/** No credential is shorter: shorter values are never looked up. */
const SHORTEST_CREDENTIAL = 16;

/**
 * Credentials in the URL, wherever the client put them: a token as `access_token` or any other
 * query value or name, or as a path segment; a client secret (one that proved its client before)
 * as any query value or path segment, tied to its client.
 */
function urlCredentials(
  state: JournalState,
  query: Params,
  path: string,
): { queryToken?: string; pathToken?: string; secretClient?: string; secretInPath: boolean } {
  const isToken = (value: string): boolean =>
    value.length >= SHORTEST_CREDENTIAL && grantOf(state, value) !== undefined;
  const named = query.get('access_token');
  const queryPieces = query
    .names()
    .slice(0, 50)
    .flatMap((name) => [name, query.get(name) ?? '']);
  const queryToken = named ?? queryPieces.find(isToken);
  const segments = path
    .split('/')
    .slice(0, 32)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  const pathToken = segments.find(isToken);
  const secretOf = (value: string) =>
    value.length >= SHORTEST_CREDENTIAL ? state.journal.secrets.clientOf(value) : undefined;
  const inQuery = queryPieces.map(secretOf).find((found) => found !== undefined);
  const inPath = segments.map(secretOf).find((found) => found !== undefined);
  const secretClient = inQuery ?? inPath;
  return {
    ...(queryToken === undefined ? {} : { queryToken }),
    ...(pathToken === undefined ? {} : { pathToken }),
    ...(secretClient === undefined ? {} : { secretClient }),
    secretInPath: inPath !== undefined,
  };
}
