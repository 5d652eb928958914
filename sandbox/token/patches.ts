import { TokenError, type TokenErrorCode } from '../../spec/errors.js';
import { TOKEN_PATH } from '../../spec/paths.js';
import type { FastifyReply } from 'fastify';
import type { Scope } from '../../spec/scopes.js';
import type { AuthorizationCode } from '../store/codes.js';
import type { TokenCall, TokenCheck } from './exchange.js';
import type { Issued, TokenResponse } from './responses.js';

/**
 * Building blocks of the token area's fault and variant patches (the catalogues' `patch`
 * entries): each takes the rule in force and returns the rule to use.
 */

/** A check left out: every request passes it. */
export const skipCheck = (): TokenCheck => () => undefined;

/** The check, refusing with another error code (same description) whatever it refused. */
export function refusedAs(code: TokenErrorCode): (check: TokenCheck) => TokenCheck {
  return (check) => (exchange) => {
    try {
      check(exchange);
    } catch (error) {
      if (error instanceof TokenError) throw new TokenError(code, error.description);
      throw error;
    }
  };
}

/** The check, passed by a request without redirect_uri. */
export function passedWithoutRedirectUri(check: TokenCheck): TokenCheck {
  return (exchange) => {
    const redirectUri = exchange.form.get('redirect_uri');
    if (redirectUri !== undefined && redirectUri !== '') check(exchange);
  };
}

type Headers = () => Readonly<Record<string, string>>;

/** The token responses' headers without one of them. */
export function withoutHeader(name: string): (headers: Headers) => Headers {
  return (headers) => () => Object.fromEntries(Object.entries(headers()).filter(([key]) => key !== name));
}

/** The token responses' headers with another Content-Type. */
export function contentTypeOf(contentType: string): (headers: Headers) => Headers {
  return (headers) => () => ({ ...headers(), 'content-type': contentType });
}

/** The token response with the access token moved from the body to an X-Access-Token header. */
export function tokenInHeader(
  response: (shaped: TokenResponse, issued: Issued) => TokenResponse,
): (shaped: TokenResponse, issued: Issued) => TokenResponse {
  return (shaped, issued) => {
    const { status, headers, body } = response(shaped, issued);
    return {
      status,
      headers: { 'x-access-token': issued.accessToken, ...headers },
      body: Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'access_token')),
    };
  };
}

type Body = Readonly<Record<string, unknown>>;

/** The token body with a field renamed, in its place among the others. */
export function fieldRenamed(
  from: string,
  to: string,
): (tokenBody: (token: string) => Body) => (token: string) => Body {
  return (tokenBody) => (token) =>
    Object.fromEntries(
      Object.entries(tokenBody(token)).map(([key, value]) => [key === from ? to : key, value]),
    );
}

/** The error body with `error` renamed `error_code`, after the other fields. */
export function errorCodeRenamed(errorBody: (error: TokenError) => Body): (error: TokenError) => Body {
  return (error) => {
    const { error: code, ...others } = errorBody(error);
    return { ...others, error_code: code };
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The redemption after an await: the window between check and use that the reference keeps shut. */
export function afterAnAwait<Reply>(issue: () => Reply): Promise<Reply> {
  return delay(50).then(issue);
}

/** POST answered with a 307 to the same path over plain http. */
export function redirectToHttp({ request, reply }: TokenCall): FastifyReply {
  return reply
    .code(307)
    .header('location', `http://${request.headers.host ?? 'localhost'}${TOKEN_PATH}`)
    .send();
}

/** Variants authz-scope-ignored and authz-scope-widened: the grant may differ from the request, so the response names it (RFC 6749 5.1). */
export function grantNamed(_code: AuthorizationCode, scopes: readonly Scope[]): Body {
  return { scope: scopes.join(' ') };
}

/** Fault authz-unknown-scope-granted: the response names the unknown values it accepted too. */
export function grantNamedWithUnknown(code: AuthorizationCode, scopes: readonly Scope[]): Body {
  return { scope: [...scopes, ...(code.unknownScopes ?? [])].join(' ') };
}
