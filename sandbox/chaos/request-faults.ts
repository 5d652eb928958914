import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChaosDecision } from '../../spec/journal.js';
import { sendAnswer, type ErrorAnswer } from '../http/error-answer.js';
import type { ChaosState } from './chaos-state.js';
import { journalRequest } from '../journal/request-recorder.js';
import type { Trace } from '../journal/trace.js';
import type { Turn } from './chaos.js';
import { cdnPage, userInfoGoneAnswer } from './edge-answers.js';
import { revokeCarriedTokens } from './token-revocation.js';

/**
 * The request stage's faults, each a wrapper around the endpoint's handler: it answers in the
 * handler's place (an edge page, a 404), leaves the request unanswered (a reset, a timeout), or
 * lets it through later (latency), changed (a shorter fetch_size) or with its token revoked. The decision is drawn by the
 * caller (request-hooks.ts); these only apply it.
 */

export type Applied = 'answered' | 'through';

function answer(reply: FastifyReply, answerGiven: ErrorAnswer): Applied {
  void sendAnswer(reply, answerGiven);
  return 'answered';
}

/** The connection closed unanswered, now (a reset) or after `afterMs` (a timeout); journaled as status 0. */
function unanswered(
  request: FastifyRequest,
  reply: FastifyReply,
  trace: Trace,
  state: ChaosState,
  afterMs: number,
  reason: 'reset' | 'timeout',
): Applied {
  void reply.hijack();
  const close = (): void => {
    journalRequest(request, trace, state, { status: 0, reason });
    request.raw.socket.destroy();
  };
  if (afterMs === 0) close();
  else setTimeout(close, afterMs).unref();
  return 'answered';
}

export async function applyRequestFault(
  decision: ChaosDecision,
  context: { request: FastifyRequest; reply: FastifyReply; trace: Trace; state: ChaosState },
): Promise<Applied> {
  const { request, reply, trace, state } = context;
  const settings = state.chaos.settingsFor(
    trace.identity?.clientId ?? trace.identity?.claimedClientId ?? null,
  );
  switch (decision.fault) {
    case 'html-403':
      return answer(reply, cdnPage(403));
    case 'html-502':
      return answer(reply, cdnPage(502));
    case 'html-503':
      return answer(reply, cdnPage(503));
    case 'user-info-gone':
      return answer(reply, userInfoGoneAnswer());
    case 'reset':
      return unanswered(request, reply, trace, state, 0, 'reset');
    case 'timeout':
      return unanswered(request, reply, trace, state, settings.timeout_ms, 'timeout');
    case 'token-revoked':
      revokeCarriedTokens(decision, trace, state.tokens);
      return 'through';
    case 'latency':
      await new Promise((resolve) => setTimeout(resolve, settings.latency_ms));
      return 'through';
    default:
      return 'through';
  }
}

/** A page shorter than fetch_size: the handler reads a smaller one (the client's is in the journal). */
export function shortenPage(request: FastifyRequest, turn: Turn): ChaosDecision | null {
  const url = request.raw.url ?? '';
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  const asked = Number(params.get('fetch_size') ?? '');
  if (!Number.isInteger(asked) || asked < 2 || params.getAll('fetch_size').length !== 1) return null;
  const decision = turn.chance('short-page', 'listing');
  if (decision === null) return null;
  const served = 1 + Math.floor(turn.draws() * (asked - 1));
  params.set('fetch_size', String(served));
  request.raw.url = `${path}?${params.toString()}`;
  return { ...decision, detail: `fetch_size ${asked} served as ${served}` };
}
