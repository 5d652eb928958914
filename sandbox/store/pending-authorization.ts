// The one record the sessions and the sealed pre-login requests both hold: below both, so neither imports the other.
import type { Scope } from '../../spec/scopes.js';

/** An authorization request that passed every check and waits for login and the user's decision. */
export interface PendingAuthorization {
  id: string;
  /** The browser session that made the request: only that session may log in and decide. */
  sessionId: string;
  clientId: string;
  redirectUri: string;
  redirectUriSent: string | null;
  scopes: readonly Scope[];
  /** Requested values the server ignored (variant authz-scope-ignored, fault authz-unknown-scope-granted). */
  unknownScopes?: readonly string[];
  state: string | null;
  /** The authorization request's own URL (path and query): where the variant login-redirects-back returns. */
  returnTo?: string;
}
