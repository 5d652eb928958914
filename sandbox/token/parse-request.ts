import type { FastifyRequest } from 'fastify';
import { TokenError } from '../../helpers/errors.js';
import { Params } from '../http/params.js';

/** A value longer than any code, id, secret or URI the sandbox issues or accepts. */
export const MAX_VALUE_LENGTH = 4096;

/**
 * 4.2 / 7.2: a form-encoded body, each parameter at most once, credentials only in the body and
 * never in the URL.
 */
export function parseTokenRequest(request: FastifyRequest): Params {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') {
    throw new TokenError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const query = Params.fromUrl(request.raw.url ?? '');
  if (query.has('client_secret') || query.has('code')) {
    throw new TokenError('invalid_request', 'Credentials and codes are accepted only in the request body.');
  }
  const form = Params.fromEncoded(typeof request.body === 'string' ? request.body : '');
  const repeated = form.repeated();
  if (repeated.length > 0)
    throw new TokenError('invalid_request', `Repeated parameter: ${repeated.join(', ')}`);
  if (form.longestValue() > MAX_VALUE_LENGTH)
    throw new TokenError('invalid_request', 'A parameter value is too long.');
  return form;
}
