import { TokenError } from '../../spec/errors.js';
import type { Client } from '../store/clients.js';
import type { BasicClient, ClientBySecret, TokenExchange } from './exchange.js';

/**
 * R7.2-05, R7.2-06 (5 rule 5): the client authenticates with `client_id` and `client_secret` in
 * the body; an Authorization header (RFC 6749 2.3.1 Basic, refused by the reference) beside a
 * body secret is "multiple credentials".
 */
export function clientAuthenticated(exchange: TokenExchange): void {
  const { request, form, rules, state } = exchange;
  const header = request.headers.authorization;
  if (header !== undefined && form.get('client_secret') !== undefined)
    throw new TokenError('invalid_request', 'Multiple client credentials.');
  exchange.client =
    header === undefined ? bodyClient(exchange) : rules.basicClient(header, form, state.clients);
}

/** R7.2-05: both credentials are sent; R7.2-06: they name a client and its secret. */
function bodyClient({ form, rules, state }: TokenExchange): Client {
  const clientId = form.get('client_id');
  if (clientId === undefined || clientId === '') throw rules.credentialMissing('client_id');
  const secret = form.get('client_secret');
  if (secret === undefined || secret === '') throw rules.credentialMissing('client_secret');
  const client = rules.clientBySecret(state.clients, clientId, secret);
  if (client === undefined) throw new TokenError('invalid_client', 'Client authentication failed.');
  return client;
}

/** R7.2-06: the secret is compared. */
export const secretCompared: ClientBySecret = (clients, clientId, secret) =>
  clients.authenticate(clientId, secret);

/** R7.2-05: a missing credential is a missing parameter. */
export function credentialMissing(name: 'client_id' | 'client_secret'): TokenError {
  return new TokenError('invalid_request', `${name} is missing.`);
}

/** The reference reads the secret from the body only: a Basic header is failed authentication. */
export const basicRefused: BasicClient = () => {
  throw new TokenError('invalid_client', 'The client secret is accepted only in the request body.');
};

/** This module's rules, by name (token/rules.ts spreads them into the area's table). */
export const CLIENT_AUTHENTICATION_RULES = {
  clientAuthenticated,
  credentialMissing,
  clientBySecret: secretCompared,
  basicClient: basicRefused,
};
