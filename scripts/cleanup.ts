// npm run cleanup: deletes the notification configurations an interrupted run left on the target.
import { accountToken } from '../helpers/clients/account-token.js';
import { trustArgsFor } from '../helpers/target/browser-trust.js';
import { launchChromium } from '../helpers/target/chromium.js';
import { loadDotEnv } from '../helpers/target/dotenv.js';
import { parseJsonBody } from '../helpers/record/exchange.js';
import { HttpClient } from '../helpers/clients/http.js';
import { Journal, type JournalEntry } from '../helpers/report/journal.js';
import { carriesMarker } from '../helpers/clients/marker.js';
import { NotificationClient } from '../helpers/clients/notification-client.js';
import { redactText } from '../helpers/report/redact.js';
import { resolveTarget, TargetConfigError, type TargetConfig } from '../helpers/target/target.js';
import { environment } from '../config/environment.js';

/** What became of one journaled configuration; `keep` leaves it in the journal for a later attempt. */
interface Verdict {
  line: string;
  keep: boolean;
}

loadDotEnv();
const target = configuredTarget();
const journal = new Journal();
const entries = journal.live();
if (entries.length === 0) {
  console.log(`Nothing to clean: ${journal.path} lists no configuration.`);
  process.exit(0);
}
const http = new HttpClient({ caFile: target.caFile });
const notifications = new NotificationClient(http, target.appsUrl);

/** The configured account's token, or why there is none (asked for only when it owns an entry). */
type AccountAccess = { token: string } | { token: null; problem: string };

async function accountAccess(): Promise<AccountAccess> {
  if (!entries.some((entry) => ownedByConfiguredAccount(entry, target)))
    return { token: null, problem: 'none needed' };
  try {
    return { token: await tokenForAccount(target) };
  } catch (error) {
    return {
      token: null,
      problem: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    };
  }
}

async function main(): Promise<void> {
  const access = await accountAccess();
  const kept: JournalEntry[] = [];
  let failures = 0;
  for (const entry of entries) {
    const verdict = await clean(entry, access);
    console.log(redactText(`${entry.id}  ${verdict.line}`));
    if (verdict.keep) {
      kept.push(entry);
      failures += 1;
    }
  }
  journal.replace(kept);
  await http.close();
  console.log(
    `${entries.length - kept.length} of ${entries.length} journaled configuration(s) settled; ${kept.length} left in ${journal.path}.`,
  );
  process.exit(failures > 0 ? 1 : 0);
}

void main();

async function clean(entry: JournalEntry, access: AccountAccess): Promise<Verdict> {
  if (entry.appsUrl !== target.appsUrl)
    return { line: `skipped: journaled for ${entry.appsUrl}, not TARGET_APPS_URL`, keep: true };
  if (!ownedByConfiguredAccount(entry, target))
    // Test-helper users and clients are throwaway: the suite keeps no password, so nobody can act as them.
    return {
      line: `forgotten: owned by ${entry.login ?? 'an unknown user'} through client ${entry.clientId ?? 'unknown'}, made by the test helpers; no credentials to delete it`,
      keep: false,
    };
  if (access.token === null) return { line: `not deleted: no access token (${access.problem})`, keep: true };
  try {
    return await deleteIfMarked(entry, access.token);
  } catch (error) {
    return {
      line: `not deleted: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      keep: true,
    };
  }
}

async function deleteIfMarked(entry: JournalEntry, accessToken: string): Promise<Verdict> {
  const read = await notifications.read(accessToken, entry.id);
  if (read.response.status === 404) return { line: 'already gone (404)', keep: false };
  if (read.response.status !== 200)
    return { line: `not deleted: GET answered ${read.response.status}`, keep: true };
  const url = (parseJsonBody(read) as { url?: unknown } | undefined)?.url;
  if (!carriesMarker(url))
    return { line: 'left alone: its url carries no classifieds-conformance marker', keep: false };
  const removed = await notifications.remove(accessToken, entry.id);
  return removed.response.status < 300
    ? { line: `deleted (${entry.marker})`, keep: false }
    : { line: `not deleted: DELETE answered ${removed.response.status}`, keep: true };
}

function ownedByConfiguredAccount(entry: JournalEntry, config: TargetConfig): boolean {
  return (
    config.user !== null &&
    config.client !== null &&
    entry.login === config.user.login &&
    entry.clientId === config.client.clientId
  );
}

async function tokenForAccount(config: TargetConfig): Promise<string> {
  const browser = await launchChromium(await trustArgsFor(config));
  try {
    return await accountToken(browser, http, config, 'autoupload');
  } finally {
    await browser.close();
  }
}

function configuredTarget(): TargetConfig {
  try {
    return resolveTarget(environment());
  } catch (error) {
    if (!(error instanceof TargetConfigError)) throw error;
    console.error(error.message);
    return process.exit(2);
  }
}
