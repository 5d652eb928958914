import { TokenError } from '../spec/errors.js';
import type { ErrorAnswer, Failure } from './http/error-answer.js';
import type { FormatForTarget } from './http/client-errors.js';
import { errorPageAnswer } from './http/html.js';
import type { SandboxState } from './state.js';
import { tokenErrorAnswer } from './token/token-endpoint.js';
import { TOKEN_PATH } from '../spec/paths.js';

/**
 * The authorization server's error formats, by path: the token endpoint's 7.2 JSON (always 400,
 * with its three headers, whatever the failure: an oversized body or header too), and elsewhere
 * the error page a browser shows (7.1: a request that cannot be trusted is never redirected).
 */
export function authErrorFormat(state: SandboxState): FormatForTarget {
  const token = (failure: Failure): ErrorAnswer =>
    // A variant may leave an oversized or non-form body to its own layer (token rule otherLayerAnswer).
    state.rules.token.otherLayerAnswer(failure) ??
    tokenErrorAnswer(
      state,
      new TokenError('invalid_request', failure.message),
      failure.status >= 500 ? 500 : 400,
    );
  return (target) => ((target ?? '').split('?')[0] === TOKEN_PATH ? token : errorPageAnswer);
}

export function authRouteAnswer(state: SandboxState): (error: unknown) => ErrorAnswer | undefined {
  return (error) => (error instanceof TokenError ? tokenErrorAnswer(state, error) : undefined);
}
