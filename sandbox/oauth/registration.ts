import { MAX_REDIRECT_URIS } from '../../spec/limits.js';
import { HelperError } from '../../spec/errors.js';
import { randomDigits, randomId } from '../store/crypto.js';
import type { Client } from '../store/clients.js';

/** R2.1-02: the client_id the registration issues (the secret comes from the store). */
export function newClientId(): string {
  return randomId('cl_', 16);
}

/** Variant clients-other-registration: client_ids of digits only (no other case exists). */
export function numericClientId(): string {
  return randomDigits(18);
}

/** R2.1-01, R8-01: an application registers 1 to 3 redirect URIs. */
export function maxRedirectUris(): number {
  return MAX_REDIRECT_URIS;
}

/** Which valid redirect URIs the server registers: every one (2.1 sets no other condition). */
export const registrableRedirectUris: (uris: readonly string[]) => void = () => undefined;

/** Variant clients-other-registration: a server that registers only https redirect URIs. */
export function httpsRedirectUrisOnly(uris: readonly string[]): void {
  if (!uris.every((uri) => uri.startsWith('https://')))
    throw new HelperError('BAD_REQUEST', 'Redirect URIs must use https.');
}

/** R2.1-02: registration issues a client_id and a client_secret (contract: with the URIs registered). */
export function registrationAnswer(client: Client, secret: string): Record<string, unknown> {
  return { client_id: client.clientId, client_secret: secret, redirect_uris: client.redirectUris };
}
