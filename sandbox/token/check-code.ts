import { TokenError } from '../../spec/errors.js';
import type { TokenExchange } from './exchange.js';

/**
 * 2.2, 4.2 and 7.2: the code exists, belongs to this client, is unused and younger than ten
 * minutes by the client's clock, and the redirect_uri repeats the authorization request's. The
 * checks and the use of the code are one synchronous step, so two parallel redemptions cannot
 * both pass (R2.2-03).
 */

/** R4.2-03, R7.2-05: code is sent. */
export function codePresent({ form }: TokenExchange): void {
  const value = form.get('code');
  if (value === undefined || value === '') throw new TokenError('invalid_request', 'code is missing.');
}

/** R4.2-03, R7.2-05: redirect_uri is sent. */
export function redirectUriPresent(exchange: TokenExchange): void {
  if (redirectUriSent(exchange) === undefined)
    throw new TokenError('invalid_request', 'redirect_uri is missing.');
}

/** R7.2-07: an unknown code is invalid_grant. */
export function codeKnown(exchange: TokenExchange): void {
  const code = exchange.state.codes.find(exchange.form.get('code') ?? '');
  if (code === undefined) throw new TokenError('invalid_grant', 'Unknown code.');
  exchange.code = code;
}

/** R7.2-07: a code issued to another client is invalid_grant. */
export function codeIssuedToClient({ code, client }: TokenExchange): void {
  if (code.clientId !== client.clientId)
    throw new TokenError('invalid_grant', 'The code was issued to another client.');
}

/**
 * R2.2-03, R8-02, R7.2-07: a code is single use. RFC 6749 4.1.2: a code used twice may have been
 * stolen, so what it gave is taken back.
 */
export function codeUnused({ code, state }: TokenExchange): void {
  if (!code.used) return;
  state.tokens.revoke(code.issuedTokens);
  throw new TokenError('invalid_grant', 'The code was already used.');
}

/** R2.2-02, R8-02, R7.2-07: a code expires ten minutes after it was issued, by the client's clock. */
export function codeUnexpired({ code, client, rules }: TokenExchange): void {
  if (client.clock.now() - code.issuedAtMs >= rules.codeLifetimeMs())
    throw new TokenError('invalid_grant', 'The code has expired.');
}

/**
 * R4.2-04, R7.2-07: redirect_uri is the one of the authorization request (or, when that request
 * left it out, the client's only registered URI).
 */
export function redirectUriMatches(exchange: TokenExchange): void {
  const { code, client } = exchange;
  if (redirectUriSent(exchange) !== (code.redirectUriSent ?? client.redirectUris[0]))
    throw redirectUriDiffers();
}

/** Only for the fault token-redirect-uri-any-registered: any URI registered for the client passes. */
export function redirectUriRegistered(exchange: TokenExchange): void {
  if (!exchange.client.redirectUris.includes(redirectUriSent(exchange) ?? '')) throw redirectUriDiffers();
}

/** The redirect_uri of the token request, undefined when it is missing or empty. */
export function redirectUriSent({ form }: TokenExchange): string | undefined {
  const redirectUri = form.get('redirect_uri');
  return redirectUri === '' ? undefined : redirectUri;
}

function redirectUriDiffers(): TokenError {
  return new TokenError('invalid_grant', 'redirect_uri differs from the authorization request.');
}

/** This module's rules, by name (token/rules.ts spreads them into the area's table). */
export const CODE_CHECKS = {
  codePresent,
  redirectUriPresent,
  codeKnown,
  codeIssuedToClient,
  codeUnused,
  codeUnexpired,
  redirectUriMatches,
};
