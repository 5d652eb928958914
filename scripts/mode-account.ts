// The account of issue 15's acceptance, built through an embedded sandbox's test helpers, and the
// TARGET_* variables that name it: the suite is then told no control key, as against a real account.
import { ControlClient, type SeededAd } from '../helpers/clients/control-client.js';
import { HttpClient } from '../helpers/clients/http.js';
import { SECTION_3_STATUSES } from '../spec/ad-status.js';
import type { FaultName } from '../sandbox/faults.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';

const KEY = 'mode-coverage-account-key';
const ORIGIN = 'http://127.0.0.1:9/account-mode';
/** As many as the listing's crawl test seeds: more than two pages at the largest fetch_size. */
const AD_COUNT = 450;
/** What the burst may send: enough to meet the second client's limit below. */
const BURST = 500;

export interface AccountTarget {
  /** The variables the suite is run with: the TARGET_* of the account, and nothing of the helpers. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** The section 3 statuses and one outside it, a third of the ads never published (no list_id). */
export function accountAds(): SeededAd[] {
  const statuses = [...SECTION_3_STATUSES, 'sold'];
  return Array.from({ length: AD_COUNT }, (_, index) => ({
    id: `account-ad-${index}`,
    status: statuses[index % statuses.length] as string,
    ...(index % 3 === 0 ? {} : { list_id: String(100_000 + index) }),
  }));
}

/**
 * A sandbox with a client of three redirect URIs, a second client of one with a limit a burst
 * meets, two users and the first user's ads; the variables name them as an account holder would.
 */
export async function startAccount(faults: readonly FaultName[] = []): Promise<AccountTarget> {
  const sandbox = await startSandbox({ controlKey: KEY, faults: [...faults] });
  const http = new HttpClient({ caFile: sandbox.caFile });
  try {
    const env = await buildAccount(sandbox, new ControlClient(http, sandbox.controlUrl, KEY));
    return {
      env,
      close: async () => {
        await http.close();
        await sandbox.close();
      },
    };
  } catch (error) {
    await http.close();
    await sandbox.close();
    throw error;
  }
}

async function buildAccount(
  sandbox: StartedSandbox,
  helpers: ControlClient,
): Promise<Record<string, string>> {
  const uris = ['cb1', 'cb2', 'cb3'].map((label) => `${ORIGIN}/${label}`);
  const client = await helpers.createClient(uris);
  const client2 = await helpers.createClient([`${ORIGIN}/second`]);
  // A limit the burst meets: the embedded default (1,000 listings a second) might not be.
  await helpers.setRateLimit(client2.clientId, 20, 1);
  const [user, user2] = [await helpers.createUser(), await helpers.createUser()];
  await helpers.seedAds(user.login, accountAds());
  return {
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
    CONFORMANCE_RATE_LIMIT_BURST: String(BURST),
  };
}
