import type { FastifyRequest } from 'fastify';
import type { ChaosDecision, ChaosInForce, JournalEndpoint } from '../../spec/journal.js';
import type { Params } from '../http/params.js';
import type { Identity } from './identify.js';
import type { ConnectionFacts } from './connection-id.js';

/** What the hooks learn of one request on its way through, for the journal and for chaos. */
export interface Trace {
  readonly startMs: number;
  /** When it arrived (the record's `at`). */
  readonly receivedAt: Date;
  readonly endpoint: JournalEndpoint;
  readonly scheme: 'http' | 'https';
  /** Its connection, and its place there, as it was read. */
  readonly connection: ConnectionFacts;
  /** The event loop's lateness so far when it was read (loop-lateness.ts). */
  readonly lateMsAtRead: number;
  /** Its place in the process's order of events when it was read, and when its answer was written (event-order.ts). */
  readonly readOrder: number;
  answeredOrder?: number;
  /** The query as the client sent it (chaos may rewrite the URL the handler reads). */
  query?: Params;
  identity?: Identity;
  inForce?: ChaosInForce;
  decisions: ChaosDecision[];
  /** The answer's body when it is JSON (for the answer's facts). */
  payload?: string;
  /** Set once journaled: a request chaos left unanswered is journaled by chaos itself. */
  journaled: boolean;
}

const traces = new WeakMap<FastifyRequest, Trace>();

export function startTrace(request: FastifyRequest, trace: Trace): void {
  traces.set(request, trace);
}

export function traceOf(request: FastifyRequest): Trace | undefined {
  return traces.get(request);
}
