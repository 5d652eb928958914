import type { FastifyRequest } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import type { Params } from '../http/params.js';
import type { Client, ClientStore } from '../store/clients.js';
import type { VariantSet } from '../variants.js';
import { basicCredentials, BasicAuthenticationFailed } from './basic-auth.js';

/**
 * 7.2 / 5 rule 5: the client authenticates with `client_id` and `client_secret` in the body (by
 * default), or, with the variant token-basic-auth, in an HTTP Basic header (RFC 6749 2.3.1). An
 * Authorization header beside a body secret is "multiple credentials".
 */
export function authenticateClient(
  request: FastifyRequest,
  form: Params,
  clients: ClientStore,
  switches: { faults: FaultSet; variants: VariantSet },
): Client {
  const header = request.headers.authorization;
  const secretInBody = form.get('client_secret');
  if (header !== undefined && secretInBody !== undefined)
    throw new TokenError('invalid_request', 'Multiple client credentials.');
  if (header !== undefined) return authenticateBasic(header, form, clients, switches);
  // The variant token-other-refusals reports missing credentials as failed authentication.
  const missing = switches.variants.has('token-other-refusals') ? 'invalid_client' : 'invalid_request';
  const clientId = form.get('client_id');
  if (clientId === undefined || clientId === '') throw new TokenError(missing, 'client_id is missing.');
  if (secretInBody === undefined || secretInBody === '')
    throw new TokenError(missing, 'client_secret is missing.');
  const client = switches.faults.has('token-client-secret-not-checked')
    ? clients.find(clientId)
    : clients.authenticate(clientId, secretInBody);
  if (client === undefined) throw new TokenError('invalid_client', 'Client authentication failed.');
  return client;
}

function authenticateBasic(
  header: string,
  form: Params,
  clients: ClientStore,
  { faults, variants }: { faults: FaultSet; variants: VariantSet },
): Client {
  // Both faults accept Basic as the variant does: one never compares its secret, the other
  // answers a failed Basic authentication with 401 but no WWW-Authenticate.
  const secretIgnored = faults.has('token-basic-wrong-secret-accepted');
  const basicAccepted =
    variants.has('token-basic-auth') || secretIgnored || faults.has('token-basic-401-no-challenge');
  if (!basicAccepted)
    throw new TokenError('invalid_client', 'The client secret is accepted only in the request body.');
  const credentials = basicCredentials(header);
  if (credentials === undefined) throw new BasicAuthenticationFailed();
  const bodyId = form.get('client_id');
  if (bodyId !== undefined && bodyId !== credentials.clientId)
    throw new TokenError('invalid_request', 'client_id differs from the authenticated client.');
  const client = secretIgnored
    ? clients.find(credentials.clientId)
    : clients.authenticate(credentials.clientId, credentials.secret);
  if (client === undefined) throw new BasicAuthenticationFailed();
  return client;
}
