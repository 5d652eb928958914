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

/** A request as a message names it: its method, path and page. */
export function requestLabelOf(record: RequestRecord): string {
  const page = textParam(record, 'page_token');
  return `${record.method} ${record.path}${page === undefined ? '' : ` ${page}`}`;
}

/**
 * The same request again: the same method and path, with the same facts and query (the same page,
 * the same ads imported, the same code). Another request sent just after an edge's answer (the
 * next batch of an import, a crawl of other statuses, a lookup beside it) is not a retry.
 */
export function requestKeyOf(record: RequestRecord): string {
  return JSON.stringify([
    record.method,
    record.path,
    sortedEntries(record.params),
    sortedEntries(record.query),
  ]);
}

function sortedEntries(facts: Readonly<Record<string, unknown>> | undefined): Array<[string, unknown]> {
  return Object.entries(facts ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
