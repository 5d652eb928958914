// `classifieds-conformance reference-client`: one run of the reference client (examples/client/)
// against a running sandbox or marketplace, the user's consent given in a headless Chromium, with
// the target's variables (contract, section 1) a CI job sets: the client's tests in the workflow
// `client.yml`, whose next step grades the client with `client-report`.
import { parseArgs } from 'node:util';
import { runWithBrowser } from '../examples/client/test/harness.js';
import { redactText, registerSecret } from '../helpers/report/redact.js';
import { chromiumPath } from '../helpers/target/chromium.js';
import { environment } from '../config/environment.js';

const HELP = `Usage: classifieds-conformance reference-client [--ads N] [--fetch-size N]

Runs the reference client (examples/client/) once: connects the account through the consent in a
headless Chromium (the client's callback server listens on TARGET_REDIRECT_URI, which must be on
this machine), imports N car ads (default 8), waits for their AD_STATUS events on its own receiver,
crawls the listing (fetch_size default 3). Reads TARGET_AUTH_URL, TARGET_APPS_URL, TLS_CA_FILE,
TARGET_CLIENT_ID, TARGET_CLIENT_SECRET, TARGET_REDIRECT_URI, TARGET_USER_LOGIN,
TARGET_USER_PASSWORD (and CHROMIUM_PATH). Exit 1 when the client could not finish its run.`;

const REQUIRED = [
  'TARGET_AUTH_URL',
  'TARGET_APPS_URL',
  'TARGET_CLIENT_ID',
  'TARGET_CLIENT_SECRET',
  'TARGET_REDIRECT_URI',
  'TARGET_USER_LOGIN',
  'TARGET_USER_PASSWORD',
] as const;

function count(text: string | undefined, fallback: number, most: number): number {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 1 || value > most) {
    console.error(`a whole number from 1 to ${most} expected, not ${String(text)}`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      ads: { type: 'string' },
      'fetch-size': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const env = environment();
  const missing = REQUIRED.filter((name) => (env[name] ?? '') === '');
  if (missing.length > 0) {
    console.error(`reference-client needs ${missing.join(', ')}`);
    return 2;
  }
  const get = (name: (typeof REQUIRED)[number]): string => env[name] ?? '';
  registerSecret(get('TARGET_CLIENT_SECRET'));
  registerSecret(get('TARGET_USER_PASSWORD'));
  const report = await runWithBrowser({
    authUrl: get('TARGET_AUTH_URL'),
    appsUrl: get('TARGET_APPS_URL'),
    ...(env.TLS_CA_FILE === undefined || env.TLS_CA_FILE === '' ? {} : { caFile: env.TLS_CA_FILE }),
    client: {
      client_id: get('TARGET_CLIENT_ID'),
      client_secret: get('TARGET_CLIENT_SECRET'),
      redirect_uris: [get('TARGET_REDIRECT_URI')],
    },
    user: { login: get('TARGET_USER_LOGIN'), password: get('TARGET_USER_PASSWORD') },
    chromiumPath: chromiumPath(),
    adCount: count(values.ads, 8, 500),
    fetchSize: count(values['fetch-size'], 3, 200),
    log: (line) => {
      console.log(redactText(line));
    },
  });
  console.log(
    `reference client: ${report.imported.length} ad(s) imported, ${report.events.length} AD_STATUS event(s), ${report.crawl.ads.length} ad(s) on ${report.crawl.pages} page(s), user ${report.userName ?? '(basic_user_info unavailable)'}`,
  );
  return 0;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(
      redactText(`reference client stopped: ${error instanceof Error ? error.message : String(error)}`),
    );
    process.exit(1);
  },
);
