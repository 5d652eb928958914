import type { FaultSet } from '../faults.js';
import type { Params } from '../http/params.js';
import type { Client } from '../store/clients.js';
import { NoRedirectError } from './no-redirect-error.js';

export interface RedirectTarget {
  /** Where the browser goes back to. */
  uri: string;
  /** What the request carried (null when left out): the token request must repeat it. */
  sent: string | null;
}

/**
 * 4.1 / 7.1: `redirect_uri` is identical to one registered URI (string equality, no
 * normalisation); it may be left out only when a single URI is registered. Anything else is a 400
 * page, never a redirect.
 */
export function checkRedirectUri(params: Params, client: Client, faults: FaultSet): RedirectTarget {
  if (params.repeated().includes('redirect_uri')) throw new NoRedirectError(400, 'redirect_uri is repeated.');
  const sent = params.get('redirect_uri');
  if (sent === undefined) return omitted(client, faults);
  if (!isAbsoluteWithoutFragment(sent))
    throw new NoRedirectError(400, 'redirect_uri is not an absolute URI without fragment.');
  if (client.redirectUris.includes(sent)) return { uri: sent, sent };
  if (faults.has('redirect-uri-prefix-match') && client.redirectUris.some((uri) => sent.startsWith(uri))) {
    return { uri: sent, sent };
  }
  const schemeless = (uri: string): string => uri.replace(/^https?:/i, '');
  if (
    faults.has('redirect-uri-scheme-ignored') &&
    client.redirectUris.some((uri) => schemeless(uri) === schemeless(sent))
  )
    return { uri: sent, sent };
  throw new NoRedirectError(
    faults.has('authz-redirect-uri-mismatch-403') ? 403 : 400,
    'redirect_uri does not match any URI registered for this client.',
  );
}

function omitted(client: Client, faults: FaultSet): RedirectTarget {
  const [only, ...others] = client.redirectUris;
  if (faults.has('authz-redirect-uri-always-required'))
    throw new NoRedirectError(400, 'redirect_uri is required.');
  if (only === undefined || others.length > 0) {
    throw new NoRedirectError(400, 'redirect_uri is required: this client has several registered URIs.');
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
