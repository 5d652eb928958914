import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import { JOURNAL_ENDPOINTS, JOURNAL_HELPER_PATH, type JournalEndpoint } from '../../spec/journal.js';
import type { SandboxState } from '../state/sandbox-state.js';

interface JournalQuery {
  client_id?: string;
  since?: string;
  until?: string;
  endpoint?: string;
}

function moment(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new HelperError('BAD_REQUEST', `${name} takes an ISO 8601 time.`);
  return ms;
}

/**
 * An addition to the contract: `GET /journal?client_id=&since=&until=&endpoint=` answers 200
 * `{records, dropped}` (spec/journal.ts), the journal's records kept in memory, oldest first.
 */
export function registerJournalHelper(app: FastifyInstance, state: SandboxState): void {
  app.get<{ Querystring: JournalQuery }>(JOURNAL_HELPER_PATH, (request, reply) => {
    const { client_id: clientId, since, until, endpoint } = request.query;
    if (endpoint !== undefined && !JOURNAL_ENDPOINTS.includes(endpoint as JournalEndpoint))
      throw new HelperError('BAD_REQUEST', `endpoint is one of ${JOURNAL_ENDPOINTS.join(', ')}.`);
    const sinceMs = moment('since', since);
    const untilMs = moment('until', until);
    return reply.send(
      state.journal.read({
        ...(typeof clientId === 'string' ? { clientId } : {}),
        ...(sinceMs === undefined ? {} : { sinceMs }),
        ...(untilMs === undefined ? {} : { untilMs }),
        ...(endpoint === undefined ? {} : { endpoint: endpoint as JournalEndpoint }),
      }),
    );
  });
}
