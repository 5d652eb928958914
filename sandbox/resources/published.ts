import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISHED_PATH } from '../../spec/paths.js';
import { Params } from '../http/params.js';
import type { RouteFamily } from '../http/route-family.js';
import { runChecks } from '../rules/patch.js';
import type { ResourcesState } from './resources-state.js';
import { renderPage } from './listing-page.js';
import {
  settledQuery,
  type ListingCheck,
  type ListingQuery,
  type ListingRequest,
} from './listing-request.js';
import { listingErrorFormat, listingOwnAnswer } from './listing-status.js';
import { PageCache, type RenderedPage } from './page-cache.js';
import type { ResourcesRules } from './rules.js';

/** Where the fault listing-unversioned-path serves the listing instead (section 9 broken). */
export const UNVERSIONED_PUBLISHED_PATH = '/autoupload/published';
/** What Fastify would set for an object body; set by hand because the body goes out as bytes. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * GET /autoupload/v1/published (4.4), its checks in order (7.3 rows: header, token, scope, rate
 * limit, injected failures; then the query), as the rules in force have them.
 */
export const listingChecks = (rules: ResourcesRules): readonly ListingCheck[] => [
  rules.authorizationHeaderPresent,
  rules.tokenValid,
  rules.scopeAllowed,
  rules.clientKnown,
  rules.withinRateLimit,
  rules.noInjectedFailure,
  rules.noRepeatedParameter,
  rules.adsStatusRead,
  rules.fetchSizeValid,
  rules.pageTokenValid,
];

/** Every path the listing may be served at: the rule listingPath in force says which one is. */
const LISTING_PATHS = [PUBLISHED_PATH, UNVERSIONED_PUBLISHED_PATH];

/**
 * The listing's route family: its route (R9-01: the path carries v1), and its errors in 7.3's
 * shape, also for what reaches no route at either path the listing may be served at.
 */
export function listingFamily(state: ResourcesState, inForce: () => ResourcesRules): RouteFamily {
  return {
    name: 'listing',
    format: listingErrorFormat(inForce),
    ownAnswer: listingOwnAnswer(inForce),
    territory: { paths: LISTING_PATHS },
    register: (scope) => {
      registerPublished(scope, state, inForce);
    },
  };
}

/**
 * GET /autoupload/v1/published (4.4): cursor pagination over the token's user's ads. Routed at
 * every path the listing may be served at, and served at the one the rules in force name: a switch
 * turned while the sandbox runs moves it; the other answers as no route does.
 */
export function registerPublished(
  app: FastifyInstance,
  state: ResourcesState,
  inForce: () => ResourcesRules,
): void {
  const pages = new PageCache();
  for (const path of LISTING_PATHS)
    app.get(path, (request, reply) => {
      const rules = inForce();
      if (rules.listingPath() !== path) {
        reply.callNotFound();
        return reply;
      }
      // A ListingError a check throws is answered by the family's error handler (listingOwnAnswer).
      return sendPage(reply, listPage(request, state, rules, pages));
    });
}

/**
 * The checks run on every request; only the page itself, a function of (user, filter, position,
 * size, the ads' revision), comes from the cache.
 */
function listPage(
  request: FastifyRequest,
  state: ResourcesState,
  rules: ResourcesRules,
  pages: PageCache,
): RenderedPage {
  const listing: ListingRequest = { request, state, rules, params: Params.fromUrl(request.raw.url ?? '') };
  const answered = runChecks(listingChecks(rules), listing);
  if (answered !== undefined) return answered;
  const query = settledQuery(listing);
  // The revision moves with every replacement (so with the generation) and every status change.
  const revision = state.ads.revision(query.grant.login);
  const key = pageKey(query);
  let page = pages.get(query.grant.login, revision, key);
  if (page === undefined) {
    page = renderPage(query, state, rules);
    pages.set(query.grant.login, revision, key, page);
  }
  return page;
}

function sendPage(reply: FastifyReply, page: RenderedPage): FastifyReply {
  return reply.code(page.status).header('content-type', JSON_CONTENT_TYPE).send(page.body);
}

/** The first page differs from the same position reached by a token (its current_token is null). */
function pageKey(query: ListingQuery): string {
  const start = query.cursor === null ? 'first' : String(query.cursor.position);
  return `${start}/${query.size}/${query.status === undefined ? '' : `=${query.status}`}`;
}
