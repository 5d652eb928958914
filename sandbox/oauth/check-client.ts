import type { Client, ClientStore } from '../store/clients.js';
import type { AuthorizationRequest } from './authorization-request.js';
import { NoRedirectError } from './no-redirect-error.js';

/**
 * R4.1-03, R7.1-02: `client_id` is required and identical to the issued id (exact,
 * case-sensitive); missing, repeated or unknown ids never redirect.
 */
export function clientIdKnown(request: AuthorizationRequest): void {
  const { params } = request;
  if (params.repeated().includes('client_id')) throw new NoRedirectError(400, 'client_id is repeated.');
  const clientId = params.get('client_id');
  if (clientId === undefined || clientId === '') throw new NoRedirectError(400, 'client_id is missing.');
  const client = request.rules.findClient(request.sandbox.clients, clientId);
  if (client === undefined) throw new NoRedirectError(400, 'client_id is not a registered client.');
  request.client = client;
}

/** R4.1-03: the client whose id is exactly the one sent. */
export function findClient(clients: ClientStore, clientId: string): Client | undefined {
  return clients.find(clientId);
}
