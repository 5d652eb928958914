import type { FastifyRequest } from 'fastify';
import { TokenError } from '../../helpers/errors.js';
import type { Params } from '../http/params.js';
import type { Client, ClientStore } from '../store/clients.js';

/**
 * 7.2 / 5 rule 5: the client authenticates with `client_id` and `client_secret` in the body only.
 * An Authorization header beside them is "multiple credentials"; alone it is not accepted.
 */
export function authenticateClient(request: FastifyRequest, form: Params, clients: ClientStore): Client {
  const hasHeader = request.headers.authorization !== undefined;
  const clientId = form.get('client_id');
  const secret = form.get('client_secret');
  if (hasHeader && secret !== undefined)
    throw new TokenError('invalid_request', 'Multiple client credentials.');
  if (hasHeader)
    throw new TokenError('invalid_client', 'The client secret is accepted only in the request body.');
  if (clientId === undefined || clientId === '')
    throw new TokenError('invalid_request', 'client_id is missing.');
  if (secret === undefined || secret === '')
    throw new TokenError('invalid_request', 'client_secret is missing.');
  const client = clients.authenticate(clientId, secret);
  if (client === undefined) throw new TokenError('invalid_client', 'Client authentication failed.');
  return client;
}
