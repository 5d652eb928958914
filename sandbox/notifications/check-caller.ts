import { ListingError, NotificationError } from '../../spec/errors.js';
import { bearerGrant } from '../resources/bearer.js';
import { grantOf, type NotificationRequest } from './context.js';

/**
 * R4.6-05: every notification endpoint takes `Authorization: Bearer <ACCESS_TOKEN>`. No header is
 * BAD_REQUEST, anything but a live token ACCESS_DENIED, in the endpoint's `{reason, message}` form.
 */
export function bearerToken(checked: NotificationRequest): void {
  try {
    checked.grant = bearerGrant(checked.request, checked.tokens);
  } catch (error) {
    if (error instanceof ListingError)
      throw new NotificationError(
        error.reason === 'BAD_REQUEST' ? 'BAD_REQUEST' : 'ACCESS_DENIED',
        'A valid "Authorization: Bearer <token>" header is required.',
      );
    throw error;
  }
}

/** R4.6-05: the token must be issued with scope autoupload (5, rule 3). */
export function scopeAutoupload(checked: NotificationRequest): void {
  if (!grantOf(checked).scopes.includes('autoupload'))
    throw new NotificationError('ACCESS_SCOPE_DENIED', 'The token lacks the autoupload scope.');
}

/** This module's checks, by name (notifications/rules.ts spreads them into the area's table). */
export const CALLER_CHECKS = { bearerToken, scopeAutoupload };
