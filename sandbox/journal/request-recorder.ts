import type { FastifyRequest } from 'fastify';
import type { RequestRecord } from '../../spec/journal.js';
import { Params } from '../http/params.js';
import type { JournalState } from './journal-state.js';
import { answerFacts, redactedPath, redactedQuery, requestParams } from './facts.js';
import { basicCredentials, bodyFields, field, identify, type Identity } from './identify.js';
import { scrubbedRecord, type CredentialTest } from './secrets.js';
import { listingPageFacts } from './listing-facts.js';
import type { Trace } from './trace.js';
import type { Fingerprinter } from './fingerprint.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { nextEvent } from './event-order.js';
import { lateMsSoFar } from './loop-lateness.js';

/** The identity of a traced request, worked out once (after the body is parsed, when it is). */
export function identityOf(request: FastifyRequest, trace: Trace, state: JournalState): Identity {
  trace.query ??= Params.fromUrl(request.raw.url ?? '');
  trace.identity ??= identify(request, state, trace.query);
  return trace.identity;
}

function parsedAnswer(
  payload: string | undefined,
  endpoint: Trace['endpoint'],
): Record<string, unknown> | null {
  if (payload === undefined) return null;
  const page = endpoint === 'listing' ? listingPageFacts(payload) : undefined;
  if (page !== undefined) return page;
  try {
    const parsed: unknown = JSON.parse(payload);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Where the request carried what, tokens fingerprinted. */
function credentialsOf(identity: Identity, fp: Fingerprinter): RequestRecord['credentials'] {
  return {
    ...(identity.bearer === undefined ? {} : { bearer: fp.fp(identity.bearer) }),
    ...(identity.bodyToken === undefined ? {} : { body_token: fp.fp(identity.bodyToken) }),
    ...(identity.queryToken === undefined ? {} : { query_token: fp.fp(identity.queryToken) }),
    ...(identity.pathToken === undefined ? {} : { path_token: fp.fp(identity.pathToken) }),
    ...(identity.basic === true ? { basic: true } : {}),
    ...(identity.secretIn === undefined ? {} : { secret_in: identity.secretIn }),
    ...(identity.revoked === true ? { revoked: true } : {}),
  };
}

const BROWSER_PAGES: ReadonlySet<string> = new Set(['authorize', 'login', 'consent']);

/** The session cookie an answer set (authorize's pre-login browser, sign-in's session). */
function cookieSet(header: string | undefined): string | undefined {
  const value = header?.split(';')[0] ?? '';
  return value.startsWith(`${SESSION_COOKIE}=`) ? value.slice(SESSION_COOKIE.length + 1) : undefined;
}

/**
 * Where the record goes: its proven client's ring; else the claimed-only ring (counted for the
 * client it names, when one has that id). A flow's page is noted for its later proof; a token
 * request proven by the secret proves the pages of the code it carried.
 */
function file(
  state: JournalState,
  record: Omit<RequestRecord, 'seq' | 'at'>,
  identity: Identity,
  trace: Trace,
  setCookie: string | undefined,
): void {
  const { journal } = state;
  const fp = journal.fingerprints;
  if (record.client_id !== null) {
    journal.add(record, record.client_id, trace.receivedAt);
    const code = record.params?.code;
    if (trace.endpoint === 'token' && identity.proof === 'secret' && typeof code === 'string') {
      const seqs = journal.flows.proveByCode(record.client_id, code);
      if (seqs.size > 0) journal.prove(record.client_id, seqs);
    }
    return;
  }
  const claimed = record.claimed_client_id;
  const registered = claimed !== undefined && state.clients.find(claimed) !== undefined;
  if (registered) journal.countClaim(claimed);
  const added = journal.add(record, null, trace.receivedAt);
  if (!registered || !BROWSER_PAGES.has(trace.endpoint)) return;
  const cookies = [identity.cookie, cookieSet(setCookie)].flatMap((cookie) =>
    cookie === undefined ? [] : [fp.fp(`cookie\n${cookie}`)],
  );
  const code = record.answer?.code;
  journal.flows.note({
    seq: added.seq,
    claimed,
    cookies,
    ...(typeof code === 'string' ? { code } : {}),
  });
}

/**
 * The credentials this exchange shows the sandbox issued or holds, remembered so that the journal
 * never writes them wherever else they appear (secrets.ts): a token presented while live, a
 * secret that proved its client, a password that signed in, a notification token accepted, and
 * the codes and tokens the answer issued.
 */
function rememberSecrets(
  request: FastifyRequest,
  trace: Trace,
  state: JournalState,
  answer: Record<string, unknown> | null,
  answered: { status: number; location?: string; setCookie?: string },
): void {
  const known = state.journal.secrets;
  const identity = trace.identity;
  if (identity === undefined) return;
  for (const token of [identity.bearer, identity.bodyToken, identity.queryToken])
    if (token !== undefined && state.tokens.find(token) !== undefined) known.remember(token);
  const fields = bodyFields(request.body);
  if (identity.proof === 'secret' && identity.clientId !== null) {
    known.rememberClientSecret(field(fields, 'client_secret'), identity.clientId);
    known.rememberClientSecret(trace.query?.get('client_secret'), identity.clientId);
    known.rememberClientSecret(basicCredentials(request.headers.authorization)?.password, identity.clientId);
  }
  const ok = answered.status >= 200 && answered.status < 400;
  if (trace.endpoint === 'login' && ok && answered.setCookie !== undefined && identity.login !== null)
    known.remember(field(fields, 'password'), `user:${identity.login}`);
  if (trace.endpoint === 'notification' && ok && identity.clientId !== null)
    known.remember(field(fields, 'token'), identity.clientId);
  const code =
    answered.location === undefined
      ? null
      : new URLSearchParams(answered.location.split('?')[1] ?? '').get('code');
  known.remember(code);
  if (answer === null) return;
  if (trace.endpoint === 'token' && typeof answer.access_token === 'string')
    known.remember(answer.access_token);
  if ((trace.endpoint === 'import' || trace.endpoint === 'import_status') && typeof answer.token === 'string')
    known.remember(answer.token);
}

/** Is this piece of a record's text a credential? What the journal remembers, a live token, the client's secret. */
function credentialTest(state: JournalState, identity: Identity): CredentialTest {
  const owners = [
    identity.clientId,
    identity.claimedClientId,
    identity.login === null ? null : `user:${identity.login}`,
  ];
  const named = identity.clientId ?? identity.claimedClientId;
  // Once the client's secret proved it, the values known hold it: no hashing per piece then.
  const askStore = named !== null && !state.journal.secrets.knowsSecretOf(named);
  const test: CredentialTest = (piece) =>
    state.journal.secrets.has(piece, owners) ||
    state.tokens.find(piece) !== undefined ||
    (askStore && state.clients.authenticate(named, piece) !== undefined);
  test.literal = state.journal.secrets.chosenBy(owners);
  return test;
}

/** The client's own clock, where the clock helper moved it: the card grades its codes' age on it. */
function clientClockOf(state: JournalState, clientId: string | null): { client_clock_offset_ms?: number } {
  if (clientId === null) return {};
  const offsetSeconds = state.clients.find(clientId)?.clock.offsetSeconds() ?? 0;
  return offsetSeconds === 0 ? {} : { client_clock_offset_ms: Math.round(offsetSeconds * 1000) };
}

function reasonOf(reason: string | undefined): { reason?: string } {
  return reason === undefined ? {} : { reason };
}

/** The request's connection, the loop's lateness and the order of events when it was read and answered. */
function whereAndWhen(
  trace: Trace,
): Pick<RequestRecord, 'connection' | 'connection_request' | 'loop_late_ms' | 'order'> {
  return {
    ...trace.connection,
    loop_late_ms: { read: trace.lateMsAtRead, answered: lateMsSoFar() },
    // Unanswered (chaos closed the connection): the order it was given up in.
    order: { read: trace.readOrder, answered: trace.answeredOrder ?? nextEvent() },
  };
}

/** Writes the request's record: `status` the answer's (0: none, the connection was closed). */
export function journalRequest(
  request: FastifyRequest,
  trace: Trace,
  state: JournalState,
  answered: { status: number; location?: string; reason?: string; setCookie?: string },
): void {
  if (trace.journaled) return;
  trace.journaled = true;
  const fp = state.journal.fingerprints;
  const identity = identityOf(request, trace, state);
  const query = trace.query ?? Params.fromUrl('');
  const parsed = parsedAnswer(trace.payload, trace.endpoint);
  rememberSecrets(request, trace, state, parsed, answered);
  const facts = answerFacts(trace.endpoint, parsed, answered.location, fp);
  // A request that proved no client (refused before its token or secret was checked, or never
  // carrying one) yields no facts of its body: whatever it sent costs the journal nothing.
  const body = identity.clientId === null && !BROWSER_PAGES.has(trace.endpoint) ? undefined : request.body;
  const params = requestParams(trace.endpoint, query, body, fp);
  const [decision] = trace.decisions;
  const record: Omit<RequestRecord, 'seq' | 'at'> = {
    kind: 'request',
    client_id: identity.clientId?.slice(0, 256) ?? null,
    ...(identity.claimedClientId === null
      ? {}
      : { claimed_client_id: identity.claimedClientId.slice(0, 256) }),
    login: identity.login?.slice(0, 256) ?? null,
    endpoint: trace.endpoint,
    method: request.method,
    path: redactedPath(request.url.split('?')[0] ?? '', trace.endpoint, fp),
    scheme: trace.scheme,
    query: redactedQuery(query, fp),
    credentials: credentialsOf(identity, fp),
    ...(params === undefined ? {} : { params }),
    status: answered.status,
    ...reasonOf(answered.reason ?? facts.reason),
    ...(facts.answer === undefined ? {} : { answer: facts.answer }),
    ...(decision === undefined ? {} : { decision }),
    ...(trace.decisions.length > 1 ? { decisions: trace.decisions } : {}),
    ...(trace.inForce === undefined ? {} : { chaos: trace.inForce }),
    duration_ms: Math.round(performance.now() - trace.startMs),
    ...whereAndWhen(trace),
    ...clientClockOf(state, identity.clientId),
  };
  file(
    state,
    scrubbedRecord(record, credentialTest(state, identity), fp),
    identity,
    trace,
    answered.setCookie,
  );
}
