import type { Client } from '../store/clients.js';
import type { AuthorizationRequest, RedirectTarget } from './authorization-request.js';
import { NoRedirectError } from './no-redirect-error.js';
import { registeredUrisNotes } from './registered-uris.js';

/**
 * R4.1-04, R4.1-05, R7.1-01, R7.1-03: `redirect_uri` is identical to one registered URI (string
 * equality, no normalisation); it may be left out only when a single URI is registered. Anything
 * else is a 400 page, never a redirect.
 */
export function redirectUriRegistered(request: AuthorizationRequest): void {
  const { params, client, rules } = request;
  if (params.repeated().includes('redirect_uri')) throw new NoRedirectError(400, 'redirect_uri is repeated.');
  const sent = params.get('redirect_uri');
  if (sent === undefined) {
    request.target = rules.redirectUriOmitted(client);
    return;
  }
  if (!isAbsoluteWithoutFragment(sent))
    throw new NoRedirectError(
      400,
      'redirect_uri is not an absolute URI without fragment.',
      registeredUrisNotes(client),
    );
  if (!client.redirectUris.some((registered) => rules.redirectUriMatches(sent, registered)))
    throw new NoRedirectError(
      rules.redirectUriMismatchStatus(),
      'redirect_uri does not match any URI registered for this client.',
      registeredUrisNotes(client),
    );
  request.target = { uri: sent, sent };
}

/** R4.1-05: string equality, nothing else. */
export function redirectUriMatches(sent: string, registered: string): boolean {
  return sent === registered;
}

/** R7.1-03: a redirect_uri that matches no registered URI is a 400 page. */
export function redirectUriMismatchStatus(): number {
  return 400;
}

/** R4.1-04: left out, the redirect URI is the client's only one; with several it is required. */
export function redirectUriOmitted(client: Client): RedirectTarget {
  const [only, ...others] = client.redirectUris;
  if (only === undefined || others.length > 0) {
    throw new NoRedirectError(
      400,
      'redirect_uri is required: this client has several registered URIs.',
      registeredUrisNotes(client),
    );
  }
  return { uri: only, sent: null };
}

export function isAbsoluteWithoutFragment(uri: string): boolean {
  if (uri.includes('#')) return false;
  try {
    return new URL(uri).protocol.length > 1 && /^[a-z][a-z0-9+.-]*:/i.test(uri);
  } catch {
    return false;
  }
}
