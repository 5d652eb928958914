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
  /** A token in the query string (`?access_token=`): a leak, still its client's. */
  queryToken?: string;
  basic?: boolean;
  secretIn?: Array<'body' | 'query' | 'header'>;
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
  const queryToken = query.get('access_token');
  const token = bearer ?? bodyToken ?? queryToken;
  const live = token === undefined ? undefined : state.tokens.find(token);
  const revoked =
    live !== undefined || token === undefined
      ? undefined
      : state.journal.revoked.find(state.journal.fingerprints.fp(token));
  const grant = live ?? revoked;
  const basic = basicCredentials(header);
  const secretIn: Array<'body' | 'query' | 'header'> = [];
  if (field(fields, 'client_secret') !== undefined) secretIn.push('body');
  if (query.has('client_secret')) secretIn.push('query');
  if (basic !== undefined) secretIn.push('header');
  const named = basic?.user ?? field(fields, 'client_id') ?? query.get('client_id');
  const bySecret =
    grant === undefined && secretIn.length > 0
      ? secretClient(state, named, [
          field(fields, 'client_secret'),
          query.get('client_secret'),
          basic?.password,
        ])
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
    ...(queryToken === undefined ? {} : { queryToken }),
    ...(basic === undefined ? {} : { basic: true }),
    ...(secretIn.length === 0 ? {} : { secretIn }),
    ...(revoked === undefined ? {} : { revoked: true }),
    ...(cookie === undefined ? {} : { cookie }),
  };
}
