import type { FastifyRequest } from 'fastify';
import { readCookie, SESSION_COOKIE } from '../http/cookies.js';
import { Params } from '../http/params.js';
import type { JournalState } from './journal-state.js';

/** Who a request acts for, and where it carried its credentials (the values, for fingerprinting). */
export interface Identity {
  clientId: string | null;
  login: string | null;
  bearer?: string;
  bodyToken?: string;
  basic?: boolean;
  secretIn?: Array<'body' | 'query' | 'header'>;
  /** The token carried was this client's, since revoked (the journal remembers whose it was). */
  revoked?: boolean;
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

function basicClientId(header: string | undefined): string | undefined {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const user = Buffer.from(encoded, 'base64').toString('utf8').split(':')[0] ?? '';
  try {
    return decodeURIComponent(user.replace(/\+/g, ' '));
  } catch {
    return user;
  }
}

/** The login and consent forms' client: the sealed request (login) or the session's pending one (consent). */
function formClient(
  request: FastifyRequest,
  state: JournalState,
  form: Params | Record<string, unknown>,
): Identity {
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  const sealed = field(form, 'request') ?? '';
  if (cookie === undefined) return { clientId: null, login: field(form, 'login') ?? null };
  const session = state.sessions.find(cookie);
  if (session !== undefined) {
    const pending = state.sessions.pendingRequest(sealed, session);
    return { clientId: pending?.clientId ?? null, login: session.login };
  }
  let held: { clientId: string } | undefined;
  try {
    held = state.sessions.sealed.open(sealed, cookie);
  } catch {
    held = undefined;
  }
  return { clientId: held?.clientId ?? null, login: field(form, 'login') ?? null };
}

/**
 * From the token (Bearer header or the body's access_token: its client and user, live or since
 * revoked), HTTP Basic, or
 * the client_id the request names; the login and consent forms from their pending request.
 */
export function identify(request: FastifyRequest, state: JournalState, query: Params): Identity {
  const fields = bodyFields(request.body);
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/oauth/login') || path.startsWith('/oauth/consent'))
    return formClient(request, state, fields);
  const header = request.headers.authorization;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  const bodyToken = field(fields, 'access_token');
  const token = bearer ?? bodyToken;
  const live = token === undefined ? undefined : state.tokens.find(token);
  const revoked =
    live !== undefined || token === undefined
      ? undefined
      : state.journal.revoked.find(state.journal.fingerprints.fp(token));
  const grant = live ?? revoked;
  const basicId = basicClientId(header);
  const secretIn: Array<'body' | 'query' | 'header'> = [];
  if (field(fields, 'client_secret') !== undefined) secretIn.push('body');
  if (query.has('client_secret')) secretIn.push('query');
  if (basicId !== undefined) secretIn.push('header');
  return {
    clientId: grant?.clientId ?? basicId ?? field(fields, 'client_id') ?? query.get('client_id') ?? null,
    login: grant?.login ?? null,
    ...(bearer === undefined ? {} : { bearer }),
    ...(bodyToken === undefined ? {} : { bodyToken }),
    ...(basicId === undefined ? {} : { basic: true }),
    ...(secretIn.length === 0 ? {} : { secretIn }),
    ...(revoked === undefined ? {} : { revoked: true }),
  };
}
