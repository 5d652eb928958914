import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChaosStages } from '../journal/hooks.js';
import { JSON_UTF8, sendAnswer } from '../http/error-answer.js';
import { DEFAULT_RENUMBERING_SHIFT, CatalogEdition } from '../import/catalog-edition.js';
import { identityOf } from '../journal/request-recorder.js';
import { traceOf, type Trace } from '../journal/trace.js';
import { BROWSER_ENDPOINTS } from '../../spec/journal.js';
import type { ChaosState } from './chaos-state.js';
import { rateLimitAnswer } from './edge-answers.js';
import { listingAnswerFaults } from './answer-faults.js';
import { EMPTY_PAGE } from './page-forms.js';
import { applyRequestFault, shortenPage } from './request-faults.js';
import { liveTokensOf } from './token-revocation.js';

/** Requests of a client whose catalog was renumbered run inside this scope. */
const renumberedScope = new AsyncLocalStorage<true>();

/**
 * catalog-renumber, for its clients only: the catalogs in force (the lookups' and the import's)
 * are the renumbered ones inside a renumbered client's request, the state's own elsewhere.
 */
export function renumberForChaos(catalogs: CatalogEdition): void {
  const renumbered = new CatalogEdition();
  renumbered.schedule({ atMs: 0, shift: DEFAULT_RENUMBERING_SHIFT });
  const own = catalogs.current.bind(catalogs);
  catalogs.current = () => (renumberedScope.getStore() === true ? renumbered.current() : own());
}

const PAGES: ReadonlySet<string> = new Set(BROWSER_ENDPOINTS);

/**
 * The client chaos acts for: the one the request proved (its token or its secret). The browser's
 * pages carry no proof: there the client the flow names, in a sequence of its own (`proven`
 * false), so that no one naming a client starts its block or shifts its proven requests' replay.
 */
function chaosClient(
  request: FastifyRequest,
  state: ChaosState,
): { trace: Trace; clientId: string; proven: boolean } | null {
  const trace = traceOf(request);
  if (trace === undefined) return null;
  const identity = identityOf(request, trace, state);
  const proven = identity.clientId !== null;
  const clientId = identity.clientId ?? (PAGES.has(trace.endpoint) ? identity.claimedClientId : null);
  // Only a registered client: chaos keeps a sequence and windows per client, never per made-up id.
  const inForce = state.chaos.inForceFor(clientId);
  if (inForce === undefined || clientId === null || state.clients.find(clientId) === undefined) return null;
  trace.inForce = inForce;
  return { trace, clientId, proven };
}

/** The listing's page token, when it is one chaos handed out: the listing's own again, or an empty page. */
function pageForm(
  request: FastifyRequest,
  reply: FastifyReply,
  trace: Trace,
  state: ChaosState,
  clientId: string,
): boolean {
  const given = trace.query?.get('page_token');
  const meaning = given === undefined ? undefined : state.chaos.forms.meaning(clientId, given);
  if (meaning === undefined || given === undefined) return false;
  if (meaning === EMPTY_PAGE) {
    trace.decisions.push({
      profile: 'pages',
      fault: 'empty-last-page',
      detail: 'the empty last page served',
    });
    void sendAnswer(reply, {
      status: 200,
      headers: { 'content-type': JSON_UTF8 },
      body: JSON.stringify({ data: [], current_token: given, next_token: null }),
    });
    return true;
  }
  const url = request.raw.url ?? '';
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  params.set('page_token', meaning);
  request.raw.url = `${path}?${params.toString()}`;
  return false;
}

async function beforeHandler(
  request: FastifyRequest,
  reply: FastifyReply,
  state: ChaosState,
): Promise<boolean> {
  const chaos = state.chaos;
  const found = chaosClient(request, state);
  if (found === null) return false;
  const { trace, clientId, proven } = found;
  const { limit, block_seconds: blockSeconds } = chaos.settingsFor(clientId);
  // Only proven requests count towards the limit; a page naming a blocked client is refused too.
  const refused = proven
    ? chaos.blocks.refuses(clientId, limit, blockSeconds)
    : chaos.blocks.blocked(clientId);
  if (chaos.has(clientId, 'rate-limit') && refused) {
    trace.decisions.push({
      profile: 'rate-limit',
      fault: 'rate-limit',
      detail: `${limit} a minute, ${blockSeconds} s block`,
    });
    void sendAnswer(reply, rateLimitAnswer(trace.endpoint, limit));
    return true;
  }
  const turn = chaos.turn(clientId, 'request', proven ? 'request' : 'pages');
  if (turn === null) return false;
  // Drawn elsewhere (short pages, the renumbering), or nothing to act on (no live token to revoke).
  const decision = turn.exclusive(
    trace.endpoint,
    (fault) =>
      fault.fault === 'short-page' ||
      fault.fault === 'catalog-renumbered' ||
      (fault.fault === 'token-revoked' && liveTokensOf(trace, state.tokens).length === 0),
  );
  if (trace.endpoint === 'listing' && pageForm(request, reply, trace, state, clientId)) return true;
  const short = trace.endpoint === 'listing' ? shortenPage(request, turn) : null;
  if (decision !== null) {
    trace.decisions.push(decision);
    if ((await applyRequestFault(decision, { request, reply, trace, state })) === 'answered') return true;
  }
  if (short !== null) trace.decisions.push(short);
  return false;
}

/** Chaos's stages for the observers' hooks (journal/hooks.ts): before the handler, its scope, the listing's answer. */
export function chaosStages(state: ChaosState): ChaosStages {
  return {
    beforeHandler: (request, reply) => beforeHandler(request, reply, state),
    within: (trace, next) => {
      const renumbered =
        (trace.endpoint === 'catalog' || trace.endpoint === 'import') &&
        state.chaos.has(trace.identity?.clientId ?? null, 'catalog-renumber') &&
        Date.now() >= state.chaos.renumberedSince(trace.identity?.clientId ?? null);
      if (!renumbered) {
        next();
        return;
      }
      trace.decisions.push({
        profile: 'catalog-renumber',
        fault: 'catalog-renumbered',
        detail: `ids + ${DEFAULT_RENUMBERING_SHIFT}`,
      });
      renumberedScope.run(true, next);
    },
    onAnswer: (request, reply, trace, payload) => {
      const text =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const client =
        trace.endpoint === 'listing' && reply.statusCode < 300 && text !== null
          ? chaosClient(request, state)
          : null;
      const found = client?.proven === true ? client : null;
      const turn = found === null ? null : state.chaos.turn(found.clientId, 'answer');
      if (turn === null || text === null) return payload;
      const changed = listingAnswerFaults(text, turn, state.chaos.forms, {
        place: turn.place,
        pageToken: trace.query?.get('page_token'),
      });
      trace.decisions.push(...changed.decisions);
      return changed.payload;
    },
  };
}
