import type { FastifyRequest } from 'fastify';
import type { AccessGrant, TokenStore } from '../store/tokens.js';

/** Catalog and basic-info endpoints carry the token in the JSON body field `access_token` (section 4). */
export function bodyGrant(request: FastifyRequest, tokens: TokenStore): AccessGrant | undefined {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const token = (body as Record<string, unknown>).access_token;
  return typeof token === 'string' ? tokens.find(token) : undefined;
}
