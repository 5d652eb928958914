import { TokenError } from '../spec/errors.js';
import type { ErrorAnswer, Failure } from './http/error-answer.js';
import type { FormatForTarget } from './http/client-errors.js';
import { errorPageAnswer } from './http/html.js';
import { tokenErrorAnswer } from './token/token-endpoint.js';
import type { TokenRules } from './token/rules.js';
import { TOKEN_PATH } from '../spec/paths.js';

/**
 * The authorization server's error formats, by path: the token endpoint's 7.2 JSON (always 400,
 * with its three headers, whatever the failure: an oversized body or header too), and elsewhere
 * the error page a browser shows (7.1: a request that cannot be trusted is never redirected).
 */
export function authErrorFormat(inForce: () => TokenRules): FormatForTarget {
  const token = (failure: Failure): ErrorAnswer => {
    const rules = inForce();
    // A variant may leave an oversized or non-form body to its own layer (token seam otherLayerAnswer).
    return (
      rules.otherLayerAnswer(failure) ??
      tokenErrorAnswer(
        rules,
        new TokenError('invalid_request', failure.message),
        failure.status >= 500 ? 500 : 400,
      )
    );
  };
  return (target) => ((target ?? '').split('?')[0] === TOKEN_PATH ? token : errorPageAnswer);
}

export function authRouteAnswer(inForce: () => TokenRules): (error: unknown) => ErrorAnswer | undefined {
  return (error) => (error instanceof TokenError ? tokenErrorAnswer(inForce(), error) : undefined);
}
