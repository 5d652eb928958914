import { TokenError } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import type { Params } from '../http/params.js';
import type { Scope } from '../scopes.js';
import type { Client } from '../store/clients.js';
import type { AuthorizationCode, CodeStore } from '../store/codes.js';
import type { TokenStore } from '../store/tokens.js';
import type { TokenRules } from './rules.js';
import { parseScope } from '../oauth/check-scope.js';
import { AuthorizationError } from '../../spec/errors.js';

/**
 * 2.2 / 7.2: the code exists, belongs to this client, is unused and younger than ten minutes by
 * the client's clock, and the redirect_uri repeats the authorization request's. Check and use are
 * one synchronous step, so two parallel redemptions cannot both pass.
 */
export function checkCode(
  form: Params,
  client: Client,
  codes: CodeStore,
  faults: FaultSet,
  tokens: TokenStore,
  rules: TokenRules,
): AuthorizationCode {
  const value = form.get('code');
  if (value === undefined || value === '') throw new TokenError('invalid_request', 'code is missing.');
  const redirectUri = form.get('redirect_uri');
  const redirectUriMissing = redirectUri === undefined || redirectUri === '';
  if (redirectUriMissing && !faults.has('token-redirect-uri-optional'))
    throw new TokenError('invalid_request', 'redirect_uri is missing.');
  const code = codes.find(value);
  if (code === undefined)
    throw new TokenError(
      faults.has('code-unknown-invalid-request') ? 'invalid_request' : 'invalid_grant',
      'Unknown code.',
    );
  if (code.clientId !== client.clientId && !faults.has('code-other-client-accepted'))
    throw new TokenError('invalid_grant', 'The code was issued to another client.');
  if (code.used) {
    // RFC 6749 4.1.2: a code used twice may have been stolen; what it gave is taken back.
    tokens.revoke(code.issuedTokens);
    throw new TokenError('invalid_grant', 'The code was already used.');
  }
  if (client.clock.now() - code.issuedAtMs >= rules.codeLifetimeMs())
    throw new TokenError('invalid_grant', 'The code has expired.');
  if (!redirectUriMatches(redirectUri, code, client, faults))
    throw new TokenError('invalid_grant', 'redirect_uri differs from the authorization request.');
  return code;
}

function redirectUriMatches(
  sent: string | undefined,
  code: AuthorizationCode,
  client: Client,
  faults: FaultSet,
): boolean {
  if ((sent === undefined || sent === '') && faults.has('token-redirect-uri-optional')) return true;
  if (faults.has('token-redirect-uri-any-registered')) return client.redirectUris.includes(sent ?? '');
  return sent === (code.redirectUriSent ?? client.redirectUris[0]);
}

/** An optional `scope` may narrow the grant, never widen it (7.2 invalid_scope). */
export function narrowScope(form: Params, granted: readonly Scope[], faults: FaultSet): readonly Scope[] {
  const requested = form.get('scope');
  if (requested === undefined) return granted;
  let scopes: Scope[];
  try {
    scopes = parseScope(requested);
  } catch (error) {
    if (error instanceof AuthorizationError) throw new TokenError('invalid_scope', error.description);
    throw error;
  }
  if (scopes.some((scope) => !granted.includes(scope)) && !faults.has('token-scope-widening-accepted'))
    throw new TokenError('invalid_scope', 'The requested scope exceeds the scope granted.');
  return scopes;
}
