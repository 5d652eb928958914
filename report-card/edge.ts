import type { RequestRecord } from '../spec/journal.js';
import { faultsOf, textParam } from './records.js';

/** An edge's answer as the journal shows it, and what makes two requests the same one again. */

/** At least this long after an edge's answer before the same request again. */
export const EDGE_RETRY_DELAY_MS = 250;
/** At most this many attempts in a row of one request answered by the edge (the first and 5 retries). */
export const EDGE_ATTEMPTS = 6;

/** Chaos's faults that stand for an edge (an HTML page, a reset, a timeout), by name; latency is not one. */
const EDGE_FAULT = /edge|html|reset|timeout|cdn|gateway|firewall/i;

/**
 * An answer that is not the API's: chaos says it put an edge in the way, or a gateway's status
 * (502, 503, 504) came without the API's reason.
 */
export function isEdgeAnswer(record: RequestRecord): boolean {
  if (faultsOf(record).some((fault) => EDGE_FAULT.test(fault))) return true;
  return record.status >= 502 && record.status <= 504 && record.reason === undefined;
}

/** The same request again: the same method, path and page. */
export function requestKeyOf(record: RequestRecord): string {
  return `${record.method} ${record.path} ${textParam(record, 'page_token') ?? ''}`;
}
