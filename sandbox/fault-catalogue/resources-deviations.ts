import type { FastifyRequest } from 'fastify';
import { ListingError, type ListingErrorReason } from '../../spec/errors.js';
import type { CatalogData, CatalogEnvelope } from '../catalogs/lookup.js';
import type { BasicInfoCheck } from '../resources/basic-info-checks.js';
import type { ListingPlace } from '../resources/listing-request.js';
import type { ListingCheck } from '../resources/listing-request.js';
import type { JsonAnswer } from '../resources/listing-status.js';
import type { RenderedPage } from '../resources/page-cache.js';
import type { PageCursor } from '../resources/page-token.js';
import type { AccessGrant, TokenStore } from '../store/tokens.js';

/** The pieces of the resources and catalogs faults (resources.ts, catalogs.ts) too long for a catalogue line. */

/** listing-missing-header-accepted: without Authorization, an empty page instead of BAD_REQUEST. */
export function emptyPageWithoutHeader(check: ListingCheck): ListingCheck {
  const empty: RenderedPage = {
    status: 200,
    body: Buffer.from(JSON.stringify({ data: [], current_token: null, next_token: null }), 'utf8'),
  };
  return (listing) => (listing.request.headers.authorization === undefined ? empty : check(listing));
}

/** The check, with the listing error of one reason it throws replaced by another error. */
export function rethrowing(
  check: ListingCheck,
  reason: ListingErrorReason,
  replacement: () => ListingError,
): ListingCheck {
  return (listing) => {
    try {
      return check(listing);
    } catch (error) {
      if (error instanceof ListingError && error.reason === reason) throw replacement();
      throw error;
    }
  };
}

/** listing-next-token-offset-number: a page_token of digits is taken for an offset in the listing. */
export function offsetCursor(
  cursorOf: (raw: string, place: ListingPlace) => Readonly<PageCursor> | undefined,
): (raw: string, place: ListingPlace) => Readonly<PageCursor> | undefined {
  return (raw, place) =>
    /^\d{1,9}$/.test(raw)
      ? { login: place.login, status: place.status, generation: place.generation, position: Number(raw) }
      : cursorOf(raw, place);
}

/** listing-bad-parameter-framework-error: a refused fetch_size or page_token in Fastify's own shape. */
export function frameworkShapedParameterErrors(
  answer: (error: ListingError, status: number) => JsonAnswer,
): (error: ListingError, status: number) => JsonAnswer {
  return (error, status) =>
    error.reason === 'BAD_REQUEST' && /^(fetch_size|page_token) /.test(error.message)
      ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: error.message } }
      : answer(error, status);
}

/** basic-info-unknown-token-answered: an unknown token in the body gets some user's data. */
export function someoneForUnknownToken(check: BasicInfoCheck): BasicInfoCheck {
  return (info) => {
    try {
      return check(info);
    } catch (error) {
      const body = info.request.body;
      const token =
        typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>).access_token
          : undefined;
      if (typeof token !== 'string') throw error;
      const someone = info.state.users.any('') ?? { name: 'Guest', email: 'guest@sandbox.example' };
      return { status: 200, name: someone.name, email: someone.email };
    }
  };
}

/** catalog-token-in-query-only: the token is looked for in `?access_token=` only. */
export function queryGrant(request: FastifyRequest, tokens: TokenStore): AccessGrant | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof token === 'string' ? tokens.find(token) : undefined;
}

/** catalog-string-ids: every id of the envelope's data as a string. */
export function stringIds(
  envelope: (data: CatalogData) => CatalogEnvelope,
): (data: CatalogData) => CatalogEnvelope {
  return (data) => {
    const answer = envelope(data);
    return {
      ...answer,
      data: Object.fromEntries(Object.entries(answer.data).map(([key, value]) => [key, String(value)])),
    };
  };
}

/**
 * listing-page-token-names-user: a page token lists the ads of the user it was issued to, whose
 * ever access token comes with it (the token's user is taken from the page token).
 */
export function pageTokenOwnerListed(check: ListingCheck): ListingCheck {
  return (listing) => {
    const raw = listing.params.get('page_token');
    const owner = raw === undefined || raw === '' ? undefined : listing.state.pageTokens.decode(raw)?.login;
    if (owner !== undefined && listing.grant !== undefined)
      listing.grant = { ...listing.grant, login: owner };
    return check(listing);
  };
}

/** listing-rate-limit-never-lifted: a client that met RATE_LIMIT once is refused with it for good. */
export function limitNeverLifted(check: ListingCheck): ListingCheck {
  const refusals = new Map<string, ListingError>();
  return (listing) => {
    const clientId = listing.grant?.clientId ?? '';
    const earlier = refusals.get(clientId);
    if (earlier !== undefined) throw earlier;
    try {
      return check(listing);
    } catch (error) {
      if (error instanceof ListingError && error.reason === 'RATE_LIMIT') refusals.set(clientId, error);
      throw error;
    }
  };
}

/** listing-scope-any-but-chat: a token holding any scope but chat (autoservice too) opens the listing. */
export function anyScopeButChat(check: ListingCheck): ListingCheck {
  return (listing) =>
    listing.grant?.scopes.some((scope) => scope !== 'chat') === true ? undefined : check(listing);
}
