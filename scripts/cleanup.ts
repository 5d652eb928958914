// npm run cleanup: deletes the notification configurations an interrupted run left on the target.
import { accountToken } from '../helpers/clients/account-token.js';
import { trustArgsFor } from '../helpers/target/browser-trust.js';
import { launchChromium } from '../helpers/target/chromium.js';
import { loadDotEnv } from '../helpers/target/dotenv.js';
import { parseJsonBody } from '../helpers/record/exchange.js';
import { HttpClient } from '../helpers/clients/http.js';
import {
  entryOrigin,
  Journal,
  leftoversFor,
  type JournalEntry,
  type Leftovers,
} from '../helpers/report/journal.js';
import { carriesMarker } from '../helpers/clients/marker.js';
import { NotificationClient } from '../helpers/clients/notification-client.js';
import { redactText } from '../helpers/report/redact.js';
import { resolveTarget, TargetConfigError, type TargetConfig } from '../helpers/target/target.js';
import { targetNamedBy } from '../helpers/target/target-naming.js';
import { environment } from '../config/environment.js';

/** What became of one journaled configuration; `keep` leaves it in the journal for a later attempt. */
interface Verdict {
  line: string;
  keep: boolean;
}

loadDotEnv();

/** What the cleanup works with: the configured target, its client, and this target's entries. */
interface Cleanup {
  target: TargetConfig;
  http: HttpClient;
  notifications: NotificationClient;
  entries: readonly JournalEntry[];
}

/** The configured account's token, or why there is none (asked for only when it owns an entry). */
type AccountAccess = { token: string } | { token: null; problem: string };

async function accountAccess(cleanup: Cleanup): Promise<AccountAccess> {
  const { target, entries, http } = cleanup;
  if (!entries.some((entry) => ownedByConfiguredAccount(entry, target)))
    return { token: null, problem: 'none needed' };
  try {
    return { token: await tokenForAccount(target, http) };
  } catch (error) {
    return {
      token: null,
      problem: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    };
  }
}

/**
 * Says what the journal holds for the configured target (its origin), for others, and what it
 * dropped (a sandbox no longer running), then cleans this target's entries alone. Without any
 * target variable the run's target is the embedded sandbox, gone with its run: nothing to clean.
 */
async function main(): Promise<void> {
  const target = configuredTarget();
  const journal = new Journal();
  const leftovers = await leftoversFor(journal, target?.appsUrl ?? null);
  describeOthers(leftovers, journal.path);
  if (target === null) {
    console.log(
      'No target configured (no TARGET_*, SANDBOX_CONTROL_* or account variable set): the embedded sandbox a run starts takes its configurations with it, so there is nothing to clean. Set the target variables of the run to clean its leftovers.',
    );
    process.exit(0);
  }
  const origin = leftovers.origin ?? target.appsUrl;
  if (leftovers.mine.length === 0) {
    console.log(`Nothing to clean on ${origin}: ${journal.path} lists no configuration of this target.`);
    process.exit(0);
  }
  console.log(`${leftovers.mine.length} configuration(s) journaled on ${origin}: cleaning them.`);
  const http = new HttpClient({ caFile: target.caFile });
  const cleanup = {
    target,
    http,
    notifications: new NotificationClient(http, target.appsUrl),
    entries: leftovers.mine,
  };
  const access = await accountAccess(cleanup);
  const kept: JournalEntry[] = [];
  for (const entry of leftovers.mine) {
    const verdict = await clean(cleanup, entry, access);
    console.log(redactText(`${entry.id}  ${verdict.line}`));
    if (verdict.keep) kept.push(entry);
  }
  // Another target's entries stay for its own cleanup.
  journal.replace([...kept, ...[...leftovers.others.values()].flat()]);
  await http.close();
  console.log(
    `${leftovers.mine.length - kept.length} of ${leftovers.mine.length} journaled configuration(s) settled; ${kept.length} left in ${journal.path}.`,
  );
  process.exit(kept.length > 0 ? 1 : 0);
}

function describeOthers(leftovers: Leftovers, path: string): void {
  if (leftovers.dropped.length > 0)
    console.log(
      `${leftovers.dropped.length} configuration(s) of a sandbox no longer running (${[...new Set(leftovers.dropped.map(entryOrigin))].join(', ')}) dropped from ${path}.`,
    );
  for (const [origin, entries] of leftovers.others)
    console.log(
      `${entries.length} configuration(s) journaled on ${origin}, another target: left for a cleanup with that target configured.`,
    );
}

void main();

async function clean(cleanup: Cleanup, entry: JournalEntry, access: AccountAccess): Promise<Verdict> {
  if (!ownedByConfiguredAccount(entry, cleanup.target))
    // Test-helper users and clients are throwaway: the suite keeps no password, so nobody can act as them.
    return {
      line: `forgotten: owned by ${entry.login ?? 'an unknown user'} through client ${entry.clientId ?? 'unknown'}, made by the test helpers; no credentials to delete it`,
      keep: false,
    };
  if (access.token === null) return { line: `not deleted: no access token (${access.problem})`, keep: true };
  try {
    return await deleteIfMarked(cleanup.notifications, entry, access.token);
  } catch (error) {
    return {
      line: `not deleted: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      keep: true,
    };
  }
}

async function deleteIfMarked(
  notifications: NotificationClient,
  entry: JournalEntry,
  accessToken: string,
): Promise<Verdict> {
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

async function tokenForAccount(config: TargetConfig, http: HttpClient): Promise<string> {
  const browser = await launchChromium(await trustArgsFor(config));
  try {
    return await accountToken(browser, http, config, 'autoupload');
  } finally {
    await browser.close();
  }
}

/** The configured target; null when no target variable is set at all (a run would start the embedded sandbox). */
function configuredTarget(): TargetConfig | null {
  if (targetNamedBy(environment()).length === 0) return null;
  try {
    return resolveTarget(environment());
  } catch (error) {
    if (!(error instanceof TargetConfigError)) throw error;
    console.error(error.message);
    return process.exit(2);
  }
}
