import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Configuration, JWK } from 'oidc-provider';
import type { Account } from './interactions.js';

/** The API's scopes (specification, section 5): permissions of the resource server, not OpenID scopes. */
export const API_SCOPES = 'basic_user_info autoupload autoservice chat';

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * oidc-provider configured for this API as an integrator's deployment would be, and no further:
 * its paths (4.1 `/oauth`, 4.2 `/oauth/token`), its scopes as those of one resource server, one
 * confidential client that authenticates in the body (4.2), one account, a ten-minute code (2.2),
 * and no PKCE for this client (the specification's clients send none). Every other behaviour is
 * the library's default; what it does differently from the specification is listed in the
 * expected-deviations file, never patched here.
 */
export function providerConfiguration(options: {
  client: RegisteredClient;
  account: Account;
  /** The resource indicator of the API's resource server: every token is issued for it. */
  resource: string;
}): Configuration {
  const { client, account, resource } = options;
  return {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    routes: { authorization: '/oauth', token: '/oauth/token' },
    responseTypes: ['code'],
    pkce: { required: () => false, methods: ['S256'] },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: API_SCOPES, accessTokenFormat: 'opaque' }),
      },
    },
    findAccount: (_ctx, id) =>
      id === account.login ? { accountId: id, claims: () => ({ sub: id }) } : undefined,
    ttl: { AuthorizationCode: 600, AccessToken: 3600, Grant: 3600, Interaction: 3600, Session: 3600 },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey()] },
    clientBasedCORS: () => false,
  };
}

/** A key made at start for ID tokens (none is asked for here): the library refuses to run without one. */
function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'selfcheck', use: 'sig' };
}
