import { TokenError } from '../../spec/errors.js';

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
