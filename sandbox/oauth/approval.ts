import type { AuthorizationErrorCode } from '../../spec/errors.js';
import type { User, UserStore } from '../store/users.js';
import type { ConsentMemory } from '../store/consents.js';
import type { PendingAuthorization } from '../store/pending-authorization.js';
import { withResponseParams, type ResponseParams } from './redirect-uri.js';

/** R5-01: the user is authenticated by login and password. */
export function signIn(users: UserStore, login: string, password: string): User | undefined {
  return users.verify(login, password);
}

/**
 * Where a successful sign-in goes: undefined, on to the consent page. (The variant
 * login-redirects-back returns the authorization URL, which the new session then passes.)
 */
export const returnAfterLogin: (authorizationUrl: string) => string | undefined = () => undefined;

/** R5-01: once signed in, the user is asked to decide. */
export const consentAsked: (
  login: string,
  pending: PendingAuthorization,
  consents: ConsentMemory,
) => boolean = () => true;

/**
 * Variant consent-remembered: a user is asked only for scopes not approved for that client before
 * (5 says the user approves; it does not say every time).
 */
export function consentUnlessRemembered(
  login: string,
  pending: PendingAuthorization,
  consents: ConsentMemory,
): boolean {
  return !consents.covers(login, pending.clientId, pending.scopes);
}

/** R7.1-04: a user who denies access is access_denied. */
export function denialError(): AuthorizationErrorCode {
  return 'access_denied';
}

/** R5-02, R2.2-01: an approval returns `code` and, if it was sent, `state`. */
export function approvalParams(pending: PendingAuthorization, code: string): ResponseParams {
  return { code, state: pending.state };
}

/** R5-02, R4.1-01: the response parameters go in the query of the redirect URI. */
export function approvalLocation(redirectUri: string, params: ResponseParams): string {
  return withResponseParams(redirectUri, params);
}
