import { TokenError } from '../spec/errors.js';
import type { ErrorAnswer, Failure } from './http/error-answer.js';
import type { FormatForTarget } from './http/client-errors.js';
import { errorPageAnswer } from './http/html.js';
import { routedPath } from './http/merge-slashes.js';
import { tokenErrorAnswer } from './token/token-endpoint.js';
import type { TokenRules } from './token/rules.js';
import { TOKEN_PATH } from '../spec/paths.js';

/**
 * The authorization server's error formats, by path (slashes merged): the token endpoint's 7.2
 * JSON (always 400 at its path, with its three headers, whatever the failure: an oversized body or
 * header too) for every path of its family (`/oauth/token/x`, `/oauth/tokens`: an API client's
 * typo gets the API's JSON, with 404 where no route is), and elsewhere the error page a browser
 * shows (7.1: a request that cannot be trusted is never redirected).
 */
export function authErrorFormat(inForce: () => TokenRules): FormatForTarget {
  const token =
    (atTheEndpoint: boolean) =>
    (failure: Failure): ErrorAnswer => {
      const rules = inForce();
      // A variant may leave an oversized or non-form body to its own layer (token seam otherLayerAnswer).
      return (
        rules.otherLayerAnswer(failure) ??
        tokenErrorAnswer(
          rules,
          new TokenError('invalid_request', failure.message),
          failure.status >= 500 ? 500 : atTheEndpoint ? 400 : failure.status,
        )
      );
    };
  const atEndpoint = token(true);
  const inFamily = token(false);
  return (target) => {
    const path = routedPath(target);
    if (path === TOKEN_PATH) return atEndpoint;
    return path.startsWith(TOKEN_PATH) ? inFamily : errorPageAnswer;
  };
}

export function authRouteAnswer(inForce: () => TokenRules): (error: unknown) => ErrorAnswer | undefined {
  return (error) => (error instanceof TokenError ? tokenErrorAnswer(inForce(), error) : undefined);
}
