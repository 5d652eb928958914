import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import {
  JOURNAL_ENDPOINTS,
  JOURNAL_HELPER_PATH,
  JOURNAL_PAGE_RECORDS,
  type JournalEndpoint,
} from '../../spec/journal.js';
import type { SandboxState } from '../state/sandbox-state.js';

interface JournalQuery {
  client_id?: string;
  since?: string;
  until?: string;
  endpoint?: string;
  after?: unknown;
  limit?: unknown;
  claimed?: unknown;
}

function moment(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new HelperError('BAD_REQUEST', `${name} takes an ISO 8601 time.`);
  return ms;
}

/** A page's size: 1 to JOURNAL_PAGE_RECORDS, that many when absent. */
function pageLimit(value: unknown): number {
  if (value === undefined) return JOURNAL_PAGE_RECORDS;
  if (typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value) && Number(value) <= JOURNAL_PAGE_RECORDS)
    return Number(value);
  throw new HelperError('BAD_REQUEST', `limit is a whole number from 1 to ${JOURNAL_PAGE_RECORDS}.`);
}

/**
 * An addition to the contract: `GET /journal?client_id=&since=&until=&endpoint=&after=&limit=&claimed=`
 * (`claimed=true`: with client_id, the records that only named that client too)
 * answers 200 `{records, dropped, next, more}` (spec/journal.ts), a page of the journal's records
 * kept in memory, in the order kept (sandbox/journal/journal-page.ts): `after` the `next` of the
 * page before, `more` true while records may follow.
 */
export function registerJournalHelper(app: FastifyInstance, state: SandboxState): void {
  app.get<{ Querystring: JournalQuery }>(JOURNAL_HELPER_PATH, (request, reply) => {
    const { client_id: clientId, since, until, endpoint, after, limit, claimed } = request.query;
    if (claimed !== undefined && claimed !== 'true' && claimed !== 'false')
      throw new HelperError('BAD_REQUEST', 'claimed is true or false.');
    if (endpoint !== undefined && !JOURNAL_ENDPOINTS.includes(endpoint as JournalEndpoint))
      throw new HelperError('BAD_REQUEST', `endpoint is one of ${JOURNAL_ENDPOINTS.join(', ')}.`);
    const sinceMs = moment('since', since);
    const untilMs = moment('until', until);
    const size = pageLimit(limit);
    if (after !== undefined && typeof after !== 'string')
      throw new HelperError('BAD_REQUEST', 'after takes one cursor, the `next` of an earlier answer.');
    const page = state.journal.page(
      {
        ...(typeof clientId === 'string' ? { clientId } : {}),
        ...(claimed === 'true' ? { claimed: true } : {}),
        ...(sinceMs === undefined ? {} : { sinceMs }),
        ...(untilMs === undefined ? {} : { untilMs }),
        ...(endpoint === undefined ? {} : { endpoint: endpoint as JournalEndpoint }),
      },
      after,
      size,
    );
    if (typeof page === 'string') throw new HelperError('BAD_REQUEST', page);
    return reply.send(page);
  });
}
