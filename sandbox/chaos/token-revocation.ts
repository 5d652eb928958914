import type { ChaosDecision } from '../../spec/journal.js';
import type { TokenStore } from '../store/tokens.js';
import type { Trace } from '../journal/trace.js';

/**
 * token-revoked: the access token a request carries is revoked in the token store as the request
 * arrives, and the request goes on to its endpoint, which refuses it as it refuses any unknown
 * token, in its own format (the listing 401 ACCESS_DENIED per 7.3, the import 401
 * ACCESS_TOKEN_NOT_FOUND, the catalogs and basic_user_info 401 ACCESS_DENIED). The token is
 * really gone: every later use of it is refused by the same rule. A wrapper around the endpoints'
 * token rule, never a branch in it.
 */

/** The live tokens the request carries (Bearer header, body field): the fault's only targets. */
export function liveTokensOf(trace: Trace, tokens: TokenStore): string[] {
  const carried = [trace.identity?.bearer, trace.identity?.bodyToken];
  return carried.filter(
    (token, at): token is string =>
      token !== undefined && carried.indexOf(token) === at && tokens.find(token) !== undefined,
  );
}

/** Revokes them; the decision says so (never which token: the record has its fingerprint). */
export function revokeCarriedTokens(decision: ChaosDecision, trace: Trace, tokens: TokenStore): void {
  const live = liveTokensOf(trace, tokens);
  tokens.revoke(live);
  decision.detail = 'the access token revoked on arrival: the endpoint refuses it as unknown, now and later';
}
