import { ControlClient, type SeededAd } from '../helpers/clients/control-client.js';
import { HttpClient } from '../helpers/clients/http.js';
import type { FaultName } from '../sandbox/faults.js';
import { startSandbox } from '../sandbox/start.js';

/**
 * A target "without test helpers" made from the embedded sandbox (issue 15): its helpers create what
 * a real account has, then the suite is told only the TARGET_* variables, never the control key. Used
 * by selftest/account-mode.spec.ts and `npm run mutants -- --mode account`.
 */
const KEY = 'account-mode-key';
const ORIGIN = 'http://127.0.0.1:9/account-mode';
/** The second client's listing limit, which the rate-limit burst uses and TARGET_RATE_LIMIT states. */
const SECOND_CLIENT_LIMIT = { requests: 20, seconds: 1 };

export interface AccountTarget {
  /** The variables a nested run (embedded/run-suite.ts) is told: TARGET_* and the opt-ins. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

export interface AccountOptions {
  /** The ads the first user owns (none by default). */
  ads?: readonly SeededAd[];
}

/**
 * A sandbox with the faults, a client with three URIs, a second client with a limit a burst of 500
 * meets (the embedded default, 1,000 a second, might not be), two users.
 */
export async function startAccount(
  faults: readonly FaultName[],
  options: AccountOptions = {},
): Promise<AccountTarget> {
  const sandbox = await startSandbox({ controlKey: KEY, faults: [...faults] });
  const http = new HttpClient({ caFile: sandbox.caFile });
  const close = async (): Promise<void> => {
    await http.close();
    await sandbox.close();
  };
  try {
    const helpers = new ControlClient(http, sandbox.controlUrl, KEY);
    const uris = ['cb1', 'cb2', 'cb3'].map((label) => `${ORIGIN}/${label}`);
    const client = await helpers.createClient(uris);
    const client2 = await helpers.createClient([`${ORIGIN}/second`]);
    await helpers.setRateLimit(client2.clientId, SECOND_CLIENT_LIMIT.requests, SECOND_CLIENT_LIMIT.seconds);
    const [user, user2] = [await helpers.createUser(), await helpers.createUser()];
    if (options.ads !== undefined) await helpers.seedAds(user.login, options.ads);
    const env = {
      TARGET_AUTH_URL: sandbox.authUrl,
      TARGET_APPS_URL: sandbox.appsUrl,
      TLS_CA_FILE: sandbox.caFile,
      TARGET_CLIENT_ID: client.clientId,
      TARGET_CLIENT_SECRET: client.clientSecret,
      TARGET_REDIRECT_URI: `${ORIGIN}/cb2`,
      TARGET_REDIRECT_URIS: uris.join(' '),
      TARGET_CLIENT2_ID: client2.clientId,
      TARGET_CLIENT2_SECRET: client2.clientSecret,
      TARGET_CLIENT2_REDIRECT_URI: `${ORIGIN}/second`,
      TARGET_USER_LOGIN: user.login,
      TARGET_USER_PASSWORD: user.password,
      TARGET_USER_NAME: user.name,
      TARGET_USER_EMAIL: user.email,
      TARGET_USER2_LOGIN: user2.login,
      TARGET_USER2_PASSWORD: user2.password,
      TARGET_USER2_NAME: user2.name,
      TARGET_USER2_EMAIL: user2.email,
      CONFORMANCE_ALLOW_WRITES: '1',
      CONFORMANCE_RATE_LIMIT_BURST: '500',
      // What a team states its account holds (contract section 3): the second client's limit, the ads.
      TARGET_RATE_LIMIT: `${SECOND_CLIENT_LIMIT.requests}/${SECOND_CLIENT_LIMIT.seconds}`,
      ...(options.ads === undefined ? {} : { TARGET_USER_AD_COUNT: String(options.ads.length) }),
    };
    return { env, close };
  } catch (error) {
    await close();
    throw error;
  }
}
