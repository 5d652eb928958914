import { resolve } from 'node:path';
import { ControlClient, type SeededAd } from '../helpers/clients/control-client.js';
import { HttpClient } from '../helpers/clients/http.js';
import type { FaultName } from '../sandbox/faults.js';
import { startSandbox } from '../sandbox/start.js';

/**
 * A target "without test helpers" made from the embedded sandbox: its helpers create what
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
  /** The ads the second user owns (none by default). */
  ads2?: readonly SeededAd[];
  /**
   * TARGET_STATUS_CHANGE_COMMAND for the run (contract section 3), told STATUS_CHANGE_CONTROL_URL
   * and STATUS_CHANGE_CONTROL_KEY: the sandbox's test helper, which the suite is never told of.
   */
  statusChangeCommand?: string;
  /** More variables for the run (TARGET_DELIVERY_TIMEOUT, WEBHOOK_*). */
  env?: Readonly<Record<string, string>>;
}

/**
 * A status-change command that works against any sandbox with the test helpers (the one the package
 * ships: examples/status-change/sandbox-helpers.mjs); it trusts the sandbox's CA through TLS_CA_FILE.
 */
export const HELPER_STATUS_CHANGE_COMMAND = `NODE_EXTRA_CA_CERTS="$TLS_CA_FILE" node ${resolve(__dirname, '../examples/status-change/sandbox-helpers.mjs')}`;

/** Ads of the second user: ids of their own, so no delivery of one user's ad names the other's. */
export function secondUserAds(count: number): SeededAd[] {
  const statuses = ['published', 'pending_review', 'refused', 'deleted'];
  return Array.from({ length: count }, (_, index) => ({
    id: `second-${index}`,
    status: statuses[index % statuses.length] as string,
    list_id: String(900000 + index),
  }));
}

/** The command and its own variables: the helpers' URL and key, which the suite is never told. */
function commandVariables(command: string | undefined, controlUrl: string): Record<string, string> {
  return command === undefined
    ? {}
    : {
        TARGET_STATUS_CHANGE_COMMAND: command,
        STATUS_CHANGE_CONTROL_URL: controlUrl,
        STATUS_CHANGE_CONTROL_KEY: KEY,
      };
}

/**
 * What a team states of its account (contract section 3): the second client's limit, the number of
 * ads, the status-change command; then the caller's own variables.
 */
function statedByTheTeam(options: AccountOptions, controlUrl: string): Record<string, string> {
  return {
    TARGET_RATE_LIMIT: `${SECOND_CLIENT_LIMIT.requests}/${SECOND_CLIENT_LIMIT.seconds}`,
    ...(options.ads === undefined ? {} : { TARGET_USER_AD_COUNT: String(options.ads.length) }),
    ...commandVariables(options.statusChangeCommand, controlUrl),
    ...options.env,
  };
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
    if (options.ads2 !== undefined) await helpers.seedAds(user2.login, options.ads2);
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
      ...statedByTheTeam(options, sandbox.controlUrl),
    };
    return { env, close };
  } catch (error) {
    await close();
    throw error;
  }
}
