import { TokenError } from '../../spec/errors.js';
import { secretCompared } from './authenticate-client.js';
import type { BasicClient, ClientBySecret } from './exchange.js';

/**
 * RFC 6749 2.3.1: client credentials in an HTTP Basic Authorization header, each part
 * form-urlencoded. Undefined when the header is not Basic or does not decode.
 */
export function basicCredentials(header: string): { clientId: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (match === null) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return undefined;
  }
}

/**
 * Variant token-basic-auth (and the faults that accept Basic as it does): the client
 * authenticates with the Authorization header; a client_id in the body must name the same client.
 * `bySecret` finds the client from the header's credentials (it compares the secret, unless a
 * fault says otherwise).
 */
export function basicAccepted(bySecret: ClientBySecret = secretCompared): BasicClient {
  return (header, form, clients) => {
    const credentials = basicCredentials(header);
    if (credentials === undefined) throw new BasicAuthenticationFailed();
    const bodyId = form.get('client_id');
    if (bodyId !== undefined && bodyId !== credentials.clientId)
      throw new TokenError('invalid_request', 'client_id differs from the authenticated client.');
    const client = bySecret(clients, credentials.clientId, credentials.secret);
    if (client === undefined) throw new BasicAuthenticationFailed();
    return client;
  };
}

/**
 * RFC 6749 5.2: a client that authenticated with the Authorization header and failed gets 401
 * with WWW-Authenticate (variant token-basic-auth), not the 400 of other token errors.
 */
export class BasicAuthenticationFailed extends TokenError {
  constructor() {
    super('invalid_client', 'Client authentication failed.');
    this.name = 'BasicAuthenticationFailed';
  }
}

export const BASIC_CHALLENGE = 'Basic realm="oauth", charset="UTF-8"';
