import { NotificationError } from '../../spec/errors.js';
import type { NotificationRequest } from './context.js';
import { fitsAHeader, MAX_TOKEN } from './settings.js';

/**
 * The body checks of create and update (2.7, 4.6), in the order the fields are read: each reads
 * the body as the route read it once (`checked.sent`, settings.ts), the url already parsed.
 */

function invalid(message: string): NotificationError {
  return new NotificationError('BAD_REQUEST', message);
}

/** 4.6: create and update send a JSON object `{method, url, media_type, token}`. */
export function bodyIsObject(checked: NotificationRequest): void {
  if (!checked.sent.isObject)
    throw invalid('The body must be a JSON object {method, url, media_type, token}.');
}

/** R2.7-02: `method` is required; only POST is supported. */
export function methodIsPost(checked: NotificationRequest): void {
  if (checked.sent.method !== 'POST') throw invalid('method must be "POST".');
}

/** R2.7-04: `media_type` is required; only application/json is supported. */
export function mediaTypeIsJson(checked: NotificationRequest): void {
  if (checked.sent.mediaType !== 'application/json') throw invalid('media_type must be "application/json".');
}

/** R2.7-03: `url` is required, the address of a server: an absolute http(s) URL. */
export function urlIsHttp(checked: NotificationRequest): void {
  if (checked.sent.target === null) throw invalid('url must be an absolute http(s) URL.');
}

/**
 * Hostile input (guide): a url naming, as a literal address, a destination the delivery policy
 * refuses (the metadata service, the host's network, the sandbox itself) is refused at once.
 */
export function urlIsDeliverable(checked: NotificationRequest): void {
  const { target } = checked.sent;
  const refusal = target === null ? null : checked.policy.refuseUrl(target);
  if (refusal !== null) throw invalid(`url is refused by the sandbox's delivery policy: ${refusal}.`);
}

/** R2.7-05: `token` is required (non-empty; bounded, the sandbox's choice). */
export function tokenIsPresent(checked: NotificationRequest): void {
  const { token } = checked.sent;
  if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN)
    throw invalid(`token must be a non-empty string of at most ${MAX_TOKEN} characters.`);
}

/** R6-04: the token authenticates each delivery in a header, so it must be a valid header value. */
export function tokenFitsAHeader(checked: NotificationRequest): void {
  const { token } = checked.sent;
  if (typeof token === 'string' && !fitsAHeader(token))
    throw invalid(
      'token must be a valid HTTP header value: no CR, LF or other control character, only Latin-1.',
    );
}

/** This module's checks, by name (notifications/rules.ts spreads them into the area's table). */
export const FIELD_CHECKS = {
  bodyIsObject,
  methodIsPost,
  mediaTypeIsJson,
  urlIsHttp,
  urlIsDeliverable,
  tokenIsPresent,
  tokenFitsAHeader,
};
