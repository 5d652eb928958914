import type { FastifyRequest } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import { Params } from '../http/params.js';

/** A value longer than any code, id, secret or URI the sandbox issues or accepts. */
export const MAX_VALUE_LENGTH = 4096;

/**
 * 4.2 / 7.2: a form-encoded body, each parameter at most once, credentials only in the body and
 * never in the URL.
 */
export function parseTokenRequest(request: FastifyRequest, faults: FaultSet): Params {
  const query = Params.fromUrl(request.raw.url ?? '');
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  // Faults: the whole request read from the query of a GET, or from a JSON body.
  if (faults.has('token-get-accepted') && request.method === 'GET') return checkForm(query, faults);
  if (faults.has('token-json-body-accepted') && contentType === 'application/json')
    return checkForm(jsonForm(request.body), faults);
  if (contentType !== 'application/x-www-form-urlencoded') {
    throw new TokenError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const body = typeof request.body === 'string' ? request.body : '';
  if (faults.has('token-secret-in-query-accepted') && !query.has('code')) {
    // The fault reads a client_secret of the URL as if it were a body field.
    const queryString = (request.raw.url ?? '').split('?')[1] ?? '';
    return checkForm(Params.fromEncoded([body, queryString].filter((part) => part !== '').join('&')), faults);
  }
  if (query.has('client_secret') || query.has('code')) {
    throw new TokenError('invalid_request', 'Credentials and codes are accepted only in the request body.');
  }
  return checkForm(Params.fromEncoded(body), faults);
}

function checkForm(form: Params, faults: FaultSet): Params {
  const repeated = form.repeated();
  if (repeated.length > 0 && !faults.has('token-repeated-parameter-accepted'))
    throw new TokenError('invalid_request', `Repeated parameter: ${repeated.join(', ')}`);
  if (form.longestValue() > MAX_VALUE_LENGTH)
    throw new TokenError('invalid_request', 'A parameter value is too long.');
  return form;
}

/** Only for the fault token-json-body-accepted: a flat JSON object of strings read as a form. */
function jsonForm(body: unknown): Params {
  if (body === null || typeof body !== 'object') return Params.fromEncoded('');
  const pairs = Object.entries(body).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  return Params.fromEncoded(new URLSearchParams(pairs).toString());
}
