import { resolve } from 'node:path';
import { secondUserAds } from '../../embedded/account.js';
import { mixedAds } from '../../helpers/clients/mixed-ads.js';
import { startSandbox } from '../../sandbox/start.js';
import type { SandboxState } from '../../sandbox/state/sandbox-state.js';

/**
 * Account mode on the embedded sandbox with the ad import as the status-change command: a sandbox
 * started WITHOUT a control key (it serves no test helper at all), its account made in-process as a
 * marketplace's test account exists before a team's tests (two clients, two users, their ads), and
 * one autoupload token per user, as the team keeps the token its integration got at consent (field
 * notes). The nested run is told the TARGET_* variables and the command with its own variables.
 */
const ORIGIN = 'http://127.0.0.1:9/import-account';
const SECOND_CLIENT_LIMIT = { requests: 20, seconds: 1 };

/** The command as a team sets it: node and the example's absolute path. */
export const AD_IMPORT_COMMAND = `node '${resolve(__dirname, '../../examples/status-change/ad-import.mjs')}'`;

export interface ImportAccount {
  env: Record<string, string>;
  state: SandboxState;
  close: () => Promise<void>;
}

function autouploadToken(state: SandboxState, clientId: string, login: string): string {
  return state.tokens.issue({ clientId, login, scopes: ['autoupload'], issuedAtMs: Date.now() });
}

export async function startImportAccount(env: Readonly<Record<string, string>> = {}): Promise<ImportAccount> {
  const sandbox = await startSandbox({ controlKey: null });
  const { state } = sandbox;
  const uris = ['cb1', 'cb2', 'cb3'].map((label) => `${ORIGIN}/${label}`);
  const client = state.clients.register(uris, 'Import integrator');
  const client2 = state.clients.register([`${ORIGIN}/second`], 'Second integrator');
  client2.client.rateLimit = { ...SECOND_CLIENT_LIMIT };
  const [user, user2] = [state.users.create({}), state.users.create({})];
  state.ads.replace(user.login, mixedAds(60));
  state.ads.replace(user2.login, secondUserAds(20));
  return {
    state,
    close: () => sandbox.close(),
    env: {
      TARGET_AUTH_URL: sandbox.authUrl,
      TARGET_APPS_URL: sandbox.appsUrl,
      TLS_CA_FILE: sandbox.caFile,
      TARGET_CLIENT_ID: client.client.clientId,
      TARGET_CLIENT_SECRET: client.secret,
      TARGET_REDIRECT_URI: `${ORIGIN}/cb2`,
      TARGET_REDIRECT_URIS: uris.join(' '),
      TARGET_CLIENT2_ID: client2.client.clientId,
      TARGET_CLIENT2_SECRET: client2.secret,
      TARGET_CLIENT2_REDIRECT_URI: `${ORIGIN}/second`,
      TARGET_USER_LOGIN: user.login,
      TARGET_USER_PASSWORD: user.password,
      TARGET_USER2_LOGIN: user2.login,
      TARGET_USER2_PASSWORD: user2.password,
      TARGET_USER_AD_COUNT: '60',
      TARGET_RATE_LIMIT: `${SECOND_CLIENT_LIMIT.requests}/${SECOND_CLIENT_LIMIT.seconds}`,
      CONFORMANCE_ALLOW_WRITES: '1',
      TARGET_STATUS_CHANGE_COMMAND: AD_IMPORT_COMMAND,
      IMPORT_APPS_URL: sandbox.appsUrl,
      IMPORT_ACCESS_TOKEN: autouploadToken(state, client.client.clientId, user.login),
      IMPORT_ACCESS_TOKEN_USER2: autouploadToken(state, client.client.clientId, user2.login),
      ...env,
    },
  };
}
