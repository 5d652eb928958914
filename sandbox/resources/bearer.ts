import type { FastifyRequest } from 'fastify';
import { ListingError } from '../../spec/errors.js';
import type { AccessGrant, TokenStore } from '../store/tokens.js';

/**
 * 7.3 rows 1 and 2: no Authorization header is BAD_REQUEST; anything but a known Bearer token is
 * ACCESS_DENIED.
 */
export function bearerGrant(request: FastifyRequest, tokens: TokenStore): AccessGrant {
  const header = request.headers.authorization;
  if (header === undefined) throw new ListingError('BAD_REQUEST');
  const match = /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim());
  const grant = match?.[1] === undefined ? undefined : tokens.find(match[1]);
  if (grant === undefined) throw new ListingError('ACCESS_DENIED');
  return grant;
}
