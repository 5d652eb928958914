import type {
  ControlClient,
  RegisteredClient,
  RegisteredUser,
} from '../../helpers/clients/control-client.js';

/** Where a started sandbox answers, as a target's variables name it. */
export interface SandboxAddresses {
  authUrl: string;
  appsUrl: string;
  caFile: string;
}

export interface ConfiguredActors {
  client: RegisteredClient;
  user: RegisteredUser;
  /** The sandbox as a target without test helpers: its URLs, CA, this client and this user. */
  env: Record<string, string>;
}

/**
 * A fresh client and user made through the sandbox's helpers, then named the way a team names the
 * account it was given on a target without helpers (TARGET_*, contract section 1).
 */
export async function configuredActors(
  sandbox: SandboxAddresses,
  helpers: ControlClient,
  redirectUri: string,
  name?: string,
): Promise<ConfiguredActors> {
  const client = await helpers.createClient([redirectUri], name);
  const user = await helpers.createUser();
  const env = {
    TARGET_AUTH_URL: sandbox.authUrl,
    TARGET_APPS_URL: sandbox.appsUrl,
    TLS_CA_FILE: sandbox.caFile,
    TARGET_CLIENT_ID: client.clientId,
    TARGET_CLIENT_SECRET: client.clientSecret,
    TARGET_REDIRECT_URI: redirectUri,
    TARGET_USER_LOGIN: user.login,
    TARGET_USER_PASSWORD: user.password,
  };
  return { client, user, env };
}
