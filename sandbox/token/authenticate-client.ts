import type { FastifyRequest } from 'fastify';
import { TokenError } from '../../helpers/errors.js';
import type { FaultSet } from '../faults.js';
import type { Params } from '../http/params.js';
import type { Client, ClientStore } from '../store/clients.js';

/**
 * 7.2 / 5 rule 5: the client authenticates with `client_id` and `client_secret` in the body only.
 * An Authorization header beside them is "multiple credentials"; alone it is not accepted.
 */
export function authenticateClient(
  request: FastifyRequest,
  form: Params,
  clients: ClientStore,
  faults: FaultSet,
): Client {
  const header = request.headers.authorization;
  const hasHeader = header !== undefined;
  let clientId = form.get('client_id');
  let secret = form.get('client_secret');
  if (hasHeader && secret !== undefined)
    throw new TokenError('invalid_request', 'Multiple client credentials.');
  if (hasHeader && faults.has('token-basic-auth-accepted')) [clientId, secret] = basicCredentials(header);
  else if (hasHeader)
    throw new TokenError('invalid_client', 'The client secret is accepted only in the request body.');
  if (clientId === undefined || clientId === '')
    throw new TokenError('invalid_request', 'client_id is missing.');
  if (secret === undefined || secret === '')
    throw new TokenError('invalid_request', 'client_secret is missing.');
  const client = faults.has('token-client-secret-not-checked')
    ? clients.find(clientId)
    : clients.authenticate(clientId, secret);
  if (client === undefined) throw new TokenError('invalid_client', 'Client authentication failed.');
  return client;
}

/** Only for the fault token-basic-auth-accepted: RFC 6749 2.3.1 Basic credentials. */
function basicCredentials(header: string): [string | undefined, string | undefined] {
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (match === null) return [undefined, undefined];
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return [undefined, undefined];
  try {
    return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
  } catch {
    return [undefined, undefined];
  }
}
