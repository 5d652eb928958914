import type { CodeRedemption, Params, TokenRequestOptions } from './oauth-client.js';

/**
 * How a client authenticates at the token endpoint: in the form body, as 4.2 asks, or with an HTTP
 * Basic header, which RFC 6749 2.3.1 has servers accept and the suite accepts. A refusal that
 * depends on the client (another client's code, a wrong secret) is checked on both.
 */
export type ClientAuthentication = 'body' | 'basic';

export const CLIENT_AUTHENTICATIONS: readonly ClientAuthentication[] = ['body', 'basic'];

/** RFC 6749 2.3.1: id and secret each form-urlencoded, joined by a colon, in base64. */
export function basicHeader(clientId: string, secret: string): string {
  const encode = (value: string): string => new URLSearchParams([['', value]]).toString().slice(1);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

/**
 * A redemption's form and headers under `authentication`: with Basic, the secret leaves the body
 * for the header (the body keeps client_id, the same client's, as RFC 6749 4.1.3 allows).
 */
export function authenticatedRequest(
  authentication: ClientAuthentication,
  form: Params,
  redemption: CodeRedemption,
): { form: Params; headers: Record<string, string> } {
  if (authentication === 'body') return { form, headers: {} };
  return {
    form: form.filter(([name]) => name !== 'client_secret'),
    headers: { authorization: basicHeader(redemption.clientId, redemption.clientSecret) },
  };
}

/** The request options with extra headers merged in (the test's own win). */
export function withHeaders(
  request: Omit<TokenRequestOptions, 'form'> | undefined,
  headers: Record<string, string>,
): Omit<TokenRequestOptions, 'form'> {
  return { ...request, headers: { ...headers, ...request?.headers } };
}
