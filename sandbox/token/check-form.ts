import type { FastifyRequest } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import { Params } from '../http/params.js';
import type { TokenExchange } from './exchange.js';

/** A value longer than any code, id, secret or URI the sandbox issues or accepts. */
export const MAX_VALUE_LENGTH = 4096;

/**
 * R4.2-02, R5-08: the request is a form-encoded body, and the client secret and the code travel
 * in that body only, never in the URL.
 */
export function formRead(exchange: TokenExchange): void {
  const { request } = exchange;
  requireFormBody(request);
  const query = urlQuery(request);
  if (query.has('client_secret') || query.has('code'))
    throw new TokenError('invalid_request', 'Credentials and codes are accepted only in the request body.');
  exchange.form = Params.fromEncoded(bodyText(request));
}

/** R7.2-05: each parameter at most once. */
export function parametersNotRepeated({ form }: TokenExchange): void {
  const repeated = form.repeated();
  if (repeated.length > 0)
    throw new TokenError('invalid_request', `Repeated parameter: ${repeated.join(', ')}`);
}

/** R7.2-05 (malformed): no value longer than anything the sandbox issues; hostile input is bounded. */
export function valuesBounded({ form }: TokenExchange): void {
  if (form.longestValue() > MAX_VALUE_LENGTH)
    throw new TokenError('invalid_request', 'A parameter value is too long.');
}

export function requireFormBody(request: FastifyRequest): void {
  if (mediaType(request) !== 'application/x-www-form-urlencoded')
    throw new TokenError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
}

export function mediaType(request: FastifyRequest): string | undefined {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
}

export function urlQuery(request: FastifyRequest): Params {
  return Params.fromUrl(request.raw.url ?? '');
}

export function bodyText(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

/** This module's rules, by name (token/rules.ts spreads them into the area's table). */
export const FORM_CHECKS = { formRead, parametersNotRepeated, valuesBounded };
