import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { routedPath } from '../http/merge-slashes.js';
import type { JournalState } from './journal-state.js';
import { destinationOf } from './endpoint.js';
import { identityOf, journalRequest } from './request-recorder.js';
import { startTrace, traceOf, type Trace } from './trace.js';
import { connectionFactsOf, countAnswer, countRequest, watchConnections } from './connection-id.js';
import { nextEvent } from './event-order.js';
import { lateMsSoFar } from './loop-lateness.js';

/** The stages chaos wraps (chaos/request-hooks.ts), called from the hooks below only while a profile is on. */
export interface ChaosStages {
  /** Before the handler: true when chaos answered in its place (or left the request unanswered). */
  beforeHandler(request: FastifyRequest, reply: FastifyReply, trace: Trace): Promise<boolean>;
  /** Runs the rest of the request (the handler) inside chaos's scope for it. */
  within(trace: Trace, next: () => void): void;
  /** The answer on its way out, maybe rewritten. */
  onAnswer(request: FastifyRequest, reply: FastifyReply, trace: Trace, payload: unknown): unknown;
}

const MAX_READ_ANSWER = 1 << 20;

function answerText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload.length <= MAX_READ_ANSWER ? payload : undefined;
  return Buffer.isBuffer(payload) && payload.length <= MAX_READ_ANSWER ? payload.toString('utf8') : undefined;
}

/** Who the request acts for, once its body is parsed; then chaos's stage, when a profile is on. */
function beforeHandler(state: JournalState, chaos: ChaosStages): preHandlerHookHandler {
  return (request, reply, done) => {
    const trace = traceOf(request);
    if (trace === undefined) {
      done();
      return;
    }
    identityOf(request, trace, state);
    if (!state.chaos.active) {
      done();
      return;
    }
    // Answered by chaos: Fastify is not told to go on (a hook that replies does not call done).
    chaos.beforeHandler(request, reply, trace).then(
      (answered) => {
        if (!answered) chaos.within(trace, done);
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  };
}

/** Each request counted on its connection as it is read; then its trace, while the journal or chaos is on. */
function traceStarter(state: JournalState, tls: boolean): onRequestHookHandler {
  return (request, reply, done) => {
    const socket = request.raw.socket;
    const place = countRequest(socket);
    const connection = connectionFactsOf(socket, place);
    let trace: Trace | undefined;
    if (state.journal.enabled || state.chaos.active) {
      const endpoint = destinationOf(routedPath(request.url), tls);
      if (endpoint !== 'helper') {
        trace = {
          startMs: performance.now(),
          receivedAt: new Date(),
          endpoint,
          scheme: tls ? 'https' : 'http',
          connection,
          lateMsAtRead: lateMsSoFar(),
          readOrder: nextEvent(),
          decisions: [],
          journaled: false,
        };
        startTrace(request, trace);
      }
    }
    // Counted as its end is handed to the socket (before the client can have it), so that the
    // next request read there knows whether it came after this answer or pipelined behind it.
    reply.raw.once('prefinish', () => {
      countAnswer(socket);
      if (trace !== undefined) trace.answeredOrder = nextEvent();
    });
    done();
  };
}

/**
 * The journal's and chaos's hooks on one server, one of each kind: a trace per request (never
 * for the test helpers), chaos before the handler and on the answer, the record once answered.
 * With the journal off and no profile on, each hook returns at once, the request only counted on
 * its connection (bench/chaos-cost.ts).
 */
export function installObservers(
  app: FastifyInstance,
  state: JournalState,
  tls: boolean,
  chaos: ChaosStages,
): void {
  watchConnections(app.server);
  app.addHook('onRequest', traceStarter(state, tls));
  app.addHook('preHandler', beforeHandler(state, chaos));
  app.addHook('onSend', (request, reply, payload, done) => {
    const trace = traceOf(request);
    if (trace === undefined) {
      done(null, payload);
      return;
    }
    const sent = state.chaos.active ? chaos.onAnswer(request, reply, trace, payload) : payload;
    const text =
      state.journal.enabled && String(reply.getHeader('content-type') ?? '').includes('json')
        ? answerText(sent)
        : undefined;
    if (text !== undefined) trace.payload = text;
    done(null, sent);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const trace = traceOf(request);
    if (trace !== undefined && state.journal.enabled) {
      const location = reply.getHeader('location');
      const setCookie = reply.getHeader('set-cookie');
      journalRequest(request, trace, state, {
        status: reply.statusCode,
        ...(typeof location === 'string' ? { location } : {}),
        ...(typeof setCookie === 'string' ? { setCookie } : {}),
      });
    }
    done();
  });
}
