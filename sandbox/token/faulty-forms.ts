import type { FastifyRequest } from 'fastify';
import { Params } from '../http/params.js';
import { TOKEN_PARAMETERS, unknownParameters } from '../http/unknown-parameters.js';
import { bodyText, mediaType, requireFormBody, urlQuery } from './check-form.js';
import { RawRefusal, type TokenExchange } from './exchange.js';

/** Only for faults: ways of reading the token request that 4.2 and 5 rule 8 forbid. */

type FormRead = (exchange: TokenExchange) => void;

/** Fault token-get-accepted (R4.2-01, R5-08): a GET's query string read as the form. */
export function getQueryRead(read: FormRead): FormRead {
  return (exchange) => {
    if (exchange.request.method === 'GET') exchange.form = urlQuery(exchange.request);
    else read(exchange);
  };
}

/** Fault token-json-body-accepted (R4.2-02): a flat JSON object of strings read as the form. */
export function jsonBodyRead(read: FormRead): FormRead {
  return (exchange) => {
    if (mediaType(exchange.request) === 'application/json') exchange.form = jsonForm(exchange.request.body);
    else read(exchange);
  };
}

function jsonForm(body: unknown): Params {
  if (body === null || typeof body !== 'object') return Params.fromEncoded('');
  const pairs = Object.entries(body).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  return Params.fromEncoded(new URLSearchParams(pairs).toString());
}

/**
 * Fault token-secret-in-query-accepted (R5-08): a client_secret of the URL read as if it were a
 * body field (a code in the URL is still refused).
 */
export function querySecretRead(read: FormRead): FormRead {
  return (exchange) => {
    const { request } = exchange;
    requireFormBody(request);
    if (urlQuery(request).has('code')) read(exchange);
    else exchange.form = bodyAndQuery(request);
  };
}

function bodyAndQuery(request: FastifyRequest): Params {
  const queryString = (request.raw.url ?? '').split('?')[1] ?? '';
  return Params.fromEncoded([bodyText(request), queryString].filter((part) => part !== '').join('&'));
}

/** Fault token-unknown-parameter-server-error (R4.2-11): a form field 4.2 does not define is a 500. */
export function unknownParameterFails({ form }: TokenExchange): void {
  if (unknownParameters(form, TOKEN_PARAMETERS).length > 0)
    throw new RawRefusal((reply) => reply.code(500).type('text/plain').send('Internal Server Error'));
}
