import type { FastifyRequest } from 'fastify';
import type { RequestRecord } from '../../spec/journal.js';
import { Params } from '../http/params.js';
import type { JournalState } from './journal-state.js';
import { answerFacts, redactedPath, redactedQuery, requestParams } from './facts.js';
import { identify, type Identity } from './identify.js';
import { listingPageFacts } from './listing-facts.js';
import type { Trace } from './trace.js';
import type { Fingerprinter } from './fingerprint.js';

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
    ...(identity.basic === true ? { basic: true } : {}),
    ...(identity.secretIn === undefined ? {} : { secret_in: identity.secretIn }),
    ...(identity.revoked === true ? { revoked: true } : {}),
  };
}

/** Writes the request's record: `status` the answer's (0: none, the connection was closed). */
export function journalRequest(
  request: FastifyRequest,
  trace: Trace,
  state: JournalState,
  answered: { status: number; location?: string; reason?: string },
): void {
  if (trace.journaled) return;
  trace.journaled = true;
  const fp = state.journal.fingerprints;
  const identity = identityOf(request, trace, state);
  const query = trace.query ?? Params.fromUrl('');
  const facts = answerFacts(
    trace.endpoint,
    parsedAnswer(trace.payload, trace.endpoint),
    answered.location,
    fp,
  );
  const params = requestParams(trace.endpoint, query, request.body, fp);
  const [decision] = trace.decisions;
  const record: Omit<RequestRecord, 'seq' | 'at'> = {
    kind: 'request',
    client_id: identity.clientId?.slice(0, 256) ?? null,
    login: identity.login?.slice(0, 256) ?? null,
    endpoint: trace.endpoint,
    method: request.method,
    path: redactedPath(request.url.split('?')[0] ?? '', trace.endpoint, fp),
    scheme: trace.scheme,
    query: redactedQuery(query, fp),
    credentials: credentialsOf(identity, fp),
    ...(params === undefined ? {} : { params }),
    status: answered.status,
    ...(answered.reason === undefined
      ? facts.reason === undefined
        ? {}
        : { reason: facts.reason }
      : { reason: answered.reason }),
    ...(facts.answer === undefined ? {} : { answer: facts.answer }),
    ...(decision === undefined ? {} : { decision }),
    ...(trace.decisions.length > 1 ? { decisions: trace.decisions } : {}),
    ...(trace.inForce === undefined ? {} : { chaos: trace.inForce }),
    duration_ms: Math.round(performance.now() - trace.startMs),
  };
  const known = record.client_id !== null && state.clients.find(record.client_id) !== undefined;
  state.journal.add(record, known ? (record.client_id ?? '') : '', trace.receivedAt);
}
