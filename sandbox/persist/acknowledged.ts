// Acknowledged means kept (docs/sandbox-service.md): no answer leaves before every change queued
// until then is committed to the data file, its own changes and those it could show (a moderation
// decision made on a timer, which a status query then reports). Reads wait only when changes are
// queued, for one group commit. While the file cannot be written, a request that changes the state
// is refused with 503 in its endpoint's own format, and reads go on.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormatForTarget } from '../http/client-errors.js';
import { sendAnswer, type ErrorAnswer } from '../http/error-answer.js';

/** What the guard asks of the data file (persistence.ts). */
export interface KeptChanges {
  /** Changes queued since the start. */
  queued(): number;
  /** True once the first `upTo` changes are committed; false while (or when) they cannot be. */
  writtenUpTo(upTo: number): Promise<boolean>;
  /** Why the file cannot be written now, or undefined. */
  writeFailure(): string | undefined;
}

/** Methods that change nothing by themselves: a GET changes the state only when its handler did. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const REFUSAL =
  'The sandbox cannot write its data file now, so it accepts no change: try again later (reads go on).';

/** Seconds a refused client is told to wait: the file is tried again every half second. */
const RETRY_AFTER_SECONDS = '1';

/** Installs the guard on one server, answering refusals with `formatFor` (the server's own formats). */
export function answerOnceKept(app: FastifyInstance, kept: KeptChanges, formatFor: FormatForTarget): void {
  const queuedAtStart = new WeakMap<FastifyRequest, number>();
  const refusal = (request: FastifyRequest): ErrorAnswer => {
    const answer = formatFor(request.url)({ status: 500, message: REFUSAL });
    return { ...answer, status: 503, headers: { ...answer.headers, 'retry-after': RETRY_AFTER_SECONDS } };
  };
  app.addHook('onRequest', (request, reply, done) => {
    queuedAtStart.set(request, kept.queued());
    if (kept.writeFailure() !== undefined && !SAFE_METHODS.has(request.method)) {
      queuedAtStart.delete(request);
      sendAnswer(reply, refusal(request));
      return;
    }
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const upTo = kept.queued();
    const before = queuedAtStart.get(request);
    // A refusal of onRequest's, or a request that never reached the hooks: nothing to wait for.
    if (before === undefined) return payload;
    if (await kept.writtenUpTo(upTo)) return payload;
    const changedHere = !SAFE_METHODS.has(request.method) || upTo > before;
    return changedHere ? refused(reply, refusal(request)) : payload;
  });
}

/** The answer replaced by the refusal: status, headers and body (a redirect's Location dropped). */
function refused(reply: FastifyReply, answer: ErrorAnswer): Buffer {
  reply.removeHeader('location');
  reply.removeHeader('set-cookie');
  reply.removeHeader('content-length');
  reply.code(answer.status).headers(answer.headers);
  return Buffer.from(answer.body, 'utf8');
}
