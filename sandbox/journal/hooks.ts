import type { FastifyInstance } from 'fastify';
import { routedPath } from '../http/merge-slashes.js';
import type { SandboxState } from '../state.js';
import { destinationOf } from './endpoint.js';
import { identityOf, journalRequest } from './request-recorder.js';
import { startTrace, traceOf } from './trace.js';

const MAX_READ_ANSWER = 1 << 20;

/**
 * The journal's and chaos's hooks on one server: a trace per request (never for the test
 * helpers), chaos before the handler and on the answer, the record once it is answered. With the
 * journal off and no profile on, the first hook returns at once.
 */
export function installObservers(
  app: FastifyInstance,
  state: SandboxState,
  tls: boolean,
  stages: (app: FastifyInstance) => void,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!state.journal.enabled && !state.chaos.active) {
      done();
      return;
    }
    const endpoint = destinationOf(routedPath(request.url), tls);
    if (endpoint !== 'helper')
      startTrace(request, {
        startMs: performance.now(),
        endpoint,
        scheme: tls ? 'https' : 'http',
        decisions: [],
        journaled: false,
      });
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const trace = traceOf(request);
    if (trace !== undefined) identityOf(request, trace, state);
    done();
  });
  stages(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    const trace = traceOf(request);
    const type = String(reply.getHeader('content-type') ?? '');
    if (trace !== undefined && state.journal.enabled && type.includes('json')) {
      if (typeof payload === 'string' && payload.length <= MAX_READ_ANSWER) trace.payload = payload;
      else if (Buffer.isBuffer(payload) && payload.length <= MAX_READ_ANSWER)
        trace.payload = payload.toString('utf8');
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const trace = traceOf(request);
    if (trace !== undefined && state.journal.enabled) {
      const location = reply.getHeader('location');
      journalRequest(request, trace, state, {
        status: reply.statusCode,
        ...(typeof location === 'string' ? { location } : {}),
      });
    }
    done();
  });
}
