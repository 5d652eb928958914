import type { PageNote } from '../http/html.js';
import type { Client } from '../store/clients.js';

/**
 * What the error page of a redirect URI the client did not register shows its developer: the
 * client's own registered URIs (its registration, not a secret: they are in every authorization
 * request it sends) and how a URI is registered in the sandbox, so the fix is on the page.
 */
export function registeredUrisNotes(client: Client): PageNote[] {
  return [
    {
      id: 'registered-uris',
      text: `Registered for client ${client.clientId} (a redirect_uri must be one of them, character for character):`,
      items: client.redirectUris,
    },
    {
      id: 'how-to-register',
      text: 'A redirect URI is registered with its client and does not change: register a client with yours through the test helpers, POST /test_helpers/v1/clients {"redirect_uris": [...]} (one to three URIs), as in docs/integrator.md, step 3.',
    },
  ];
}
