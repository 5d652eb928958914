import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSection3Status } from '../../spec/ad-status.js';
import { ListingError } from '../../spec/errors.js';
import { Params } from '../http/params.js';
import type { FaultSet } from '../faults.js';
import type { SandboxState } from '../state.js';
import type { Ad } from '../store/ads.js';
import type { AccessGrant } from '../store/tokens.js';
import { bearerGrant } from './bearer.js';
import { listingStatusOf } from './listing-status.js';
import { PageCache, type RenderedPage } from './page-cache.js';
import type { PageCursor } from './page-token.js';
import { PUBLISHED_PATH } from '../../spec/paths.js';
import { MAX_PAGE_SIZE as MAX_PAGE } from '../../spec/limits.js';

/** Where the fault listing-unversioned-path serves the listing instead (section 9 broken). */
const UNVERSIONED_PATH = '/autoupload/published';
const LISTING_SCOPES = ['autoupload', 'basic_user_info'];
/** What Fastify would set for an object body; set by hand because the body goes out as bytes. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

interface ListingQuery {
  status: string | undefined;
  size: number;
  cursor: Readonly<PageCursor> | null;
}

/** GET /autoupload/v1/published (4.4): cursor pagination over the token's user's ads. */
export function registerPublished(app: FastifyInstance, state: SandboxState): void {
  const path = state.faults.has('listing-unversioned-path') ? UNVERSIONED_PATH : PUBLISHED_PATH;
  const pages = new PageCache();
  app.get(path, (request, reply) => {
    try {
      return listPage(request, reply, state, pages);
    } catch (error) {
      if (error instanceof ListingError && isFrameworkFormatted(error, state))
        return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: error.message });
      if (error instanceof ListingError) return sendListingError(reply, state, error);
      throw error;
    }
  });
}

/**
 * Authorization, rate limit, injected failures and query checks run on every request; only the
 * page itself, a function of (user, filter, position, size, the ads' revision), comes from the cache.
 */
function listPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: SandboxState,
  pages: PageCache,
): FastifyReply {
  const grant = authorize(request, state);
  if (grant === null) return reply.send({ data: [], current_token: null, next_token: null });
  const query = parseQuery(Params.fromUrl(request.raw.url ?? ''), grant, state);
  // The revision moves with every replacement (so with the generation) and every status change.
  const revision = state.ads.revision(grant.login);
  const key = pageKey(query);
  let page = pages.get(grant.login, revision, key);
  if (page === undefined) {
    page = renderPage(grant, query, state);
    pages.set(grant.login, revision, key, page);
  }
  return reply.code(page.status).header('content-type', JSON_CONTENT_TYPE).send(page.body);
}

/** The first page differs from the same position reached by a token (its current_token is null). */
function pageKey(query: ListingQuery): string {
  const start = query.cursor === null ? 'first' : String(query.cursor.position);
  return `${start}/${query.size}/${query.status === undefined ? '' : `=${query.status}`}`;
}

function renderPage(grant: AccessGrant, query: ListingQuery, state: SandboxState): RenderedPage {
  const { faults } = state;
  const filter = faults.has('listing-ignores-ads-status')
    ? undefined
    : (query.status ?? (faults.has('listing-default-published-only') ? 'published' : undefined));
  const indexed = state.ads.view(grant.login, filter);
  const view = faults.has('listing-drops-unknown-status')
    ? indexed.filter((ad) => isSection3Status(ad.status))
    : indexed;
  const position = query.cursor?.position ?? 0;
  const page = view.slice(position, position + query.size);
  const end = position + page.length;
  const cursorAt = (at: number): string =>
    state.pageTokens.encode({
      login: grant.login,
      status: query.status ?? null,
      generation: state.ads.generation(grant.login),
      position: at,
    });
  const nextPosition = faults.has('listing-duplicate-at-boundary')
    ? end - 1
    : faults.has('listing-skip-at-boundary')
      ? end + 1
      : end;
  // The variant listing-empty-last-page: a full page at the end still points at an (empty) next page.
  const more =
    end < view.length || (state.variants.has('listing-empty-last-page') && page.length === query.size);
  const status = more && faults.has('listing-partial-content-206') ? 206 : 200;
  const next = Math.max(nextPosition, position + 1);
  const body = {
    data: page.map((ad) => adItem(ad, faults)),
    current_token:
      query.cursor === null
        ? faults.has('listing-current-token-on-first-page')
          ? cursorAt(0)
          : null
        : state.variants.has('listing-prefixed-current-token')
          ? `c.${cursorAt(position)}`
          : cursorAt(position),
    next_token: more
      ? faults.has('listing-next-token-offset-number')
        ? next
        : cursorAt(next)
      : faults.has('listing-endless-next-token')
        ? cursorAt(end)
        : null,
  };
  return { status, body: Buffer.from(JSON.stringify(body), 'utf8') };
}

/** An ad item of 2.5: id, list_id only when the ad has one, status as on the marketplace. */
function adItem(ad: Ad, faults: FaultSet): Record<string, unknown> {
  const id = faults.has('listing-numeric-id-as-number') && /^\d+$/.test(ad.id) ? Number(ad.id) : ad.id;
  const status =
    faults.has('listing-status-from-list-id') && ad.list_id !== undefined ? 'published' : ad.status;
  if (ad.list_id !== undefined) return { id, list_id: ad.list_id, status };
  return faults.has('listing-list-id-null') ? { id, list_id: null, status } : { id, status };
}

/** 7.3 rows in order: header, token, scope, rate, then injected failures. Null: the fault lets it through. */
function authorize(request: FastifyRequest, state: SandboxState): AccessGrant | null {
  const { faults } = state;
  if (request.headers.authorization === undefined && faults.has('listing-missing-header-accepted'))
    return null;
  let grant: AccessGrant;
  try {
    grant = bearerGrant(request, state.tokens);
  } catch (error) {
    if (
      error instanceof ListingError &&
      error.reason === 'ACCESS_DENIED' &&
      faults.has('listing-invalid-token-wrong-reason')
    )
      throw new ListingError('BAD_REQUEST');
    throw error;
  }
  const allowed = grant.scopes.some((scope) => LISTING_SCOPES.includes(scope));
  if (!allowed && !faults.has('listing-scope-not-checked')) throw new ListingError('ACCESS_SCOPE_DENIED');
  const client = state.clients.find(grant.clientId);
  if (client === undefined) throw new ListingError('ACCESS_DENIED');
  if (!faults.has('listing-no-rate-limit')) state.rateLimiter.check(client);
  if (client.injected.published > 0) {
    client.injected.published -= 1;
    throw faults.has('listing-internal-error-wrong-message')
      ? new ListingError('UNEXPECTED_INTERNAL_ERROR', 'Internal error.')
      : new ListingError('UNEXPECTED_INTERNAL_ERROR');
  }
  return grant;
}

function parseQuery(params: Params, grant: AccessGrant, state: SandboxState): ListingQuery {
  const repeated = params.repeated();
  if (repeated.length > 0)
    throw new ListingError('BAD_REQUEST', `Repeated query parameter: ${repeated.join(', ')}`);
  const status = params.get('ads_status');
  return {
    status: status === '' ? undefined : status,
    size: fetchSize(params.get('fetch_size'), state),
    cursor: cursor(params.get('page_token'), grant, status, state),
  };
}

/** Above the maximum is clamped to 200 (a choice: the spec does not say); zero, negative or not a number is refused. */
function fetchSize(raw: string | undefined, state: SandboxState): number {
  if (raw === undefined || raw === '')
    return state.faults.has('listing-default-page-100') ? MAX_PAGE / 2 : MAX_PAGE;
  if (state.faults.has('listing-ignores-fetch-size')) return MAX_PAGE;
  const refusedFrom = state.faults.has('listing-fetch-size-200-refused') ? MAX_PAGE : Infinity;
  const refusedAbove = state.variants.has('listing-rejects-fetch-size-over-200') ? MAX_PAGE : Infinity;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) >= refusedFrom || Number(raw) > refusedAbove)
    throw new ListingError(
      'BAD_REQUEST',
      'fetch_size must be a positive integer (at most 200 items are returned).',
    );
  return Math.min(Number(raw), state.faults.has('listing-page-over-200') ? MAX_PAGE + 1 : MAX_PAGE);
}

function cursor(
  raw: string | undefined,
  grant: AccessGrant,
  status: string | undefined,
  state: SandboxState,
): Readonly<PageCursor> | null {
  if (raw === undefined || raw === '') return null;
  if (state.faults.has('listing-next-token-offset-number') && /^\d{1,9}$/.test(raw))
    return {
      login: grant.login,
      status: status === '' ? null : (status ?? null),
      generation: state.ads.generation(grant.login),
      position: Number(raw),
    };
  const token = state.variants.has('listing-prefixed-current-token') ? raw.replace(/^c\./, '') : raw;
  const decoded = token.length > 2048 ? undefined : state.pageTokens.decode(token);
  const sameListing =
    decoded !== undefined &&
    decoded.login === grant.login &&
    decoded.status === (status === '' ? null : (status ?? null)) &&
    decoded.generation === state.ads.generation(grant.login);
  if (!sameListing)
    throw new ListingError(
      'BAD_REQUEST',
      'page_token is not a token of this listing (or the ads were replaced since).',
    );
  return decoded;
}

export function sendListingError(
  reply: FastifyReply,
  state: SandboxState,
  error: ListingError,
): FastifyReply {
  return reply.code(listingStatusOf(state, error.reason)).send(error.toBody());
}

/** Only for the fault listing-bad-parameter-framework-error: a refused fetch_size or page_token. */
function isFrameworkFormatted(error: ListingError, state: SandboxState): boolean {
  return (
    state.faults.has('listing-bad-parameter-framework-error') &&
    error.reason === 'BAD_REQUEST' &&
    /^(fetch_size|page_token) /.test(error.message)
  );
}
