import type { FaultSet } from '../faults.js';
import type { Params } from '../http/params.js';
import type { Client, ClientStore } from '../store/clients.js';
import { NoRedirectError } from './no-redirect-error.js';

/**
 * 4.1 / 7.1: `client_id` is required and identical to the issued id (exact, case-sensitive);
 * missing, repeated or unknown ids never redirect.
 */
export function checkClient(params: Params, clients: ClientStore, faults: FaultSet): Client {
  if (params.repeated().includes('client_id')) throw new NoRedirectError(400, 'client_id is repeated.');
  const clientId = params.get('client_id');
  if (clientId === undefined || clientId === '') throw new NoRedirectError(400, 'client_id is missing.');
  const client = faults.has('authz-client-id-case-insensitive')
    ? clients.findIgnoringCase(clientId)
    : clients.find(clientId);
  if (client === undefined) throw new NoRedirectError(400, 'client_id is not a registered client.');
  return client;
}
