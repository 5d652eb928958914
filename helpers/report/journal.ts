import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { originOf } from './origins.js';
import { type Environment, environment, settingsOf } from '../../config/environment.js';

/**
 * The journal of notification configurations created on a target other than the embedded sandbox
 * (the API has no list endpoint): what `npm run cleanup` deletes after an interrupted run. It holds
 * no secret: the user's login and the client's id, never a password or a token.
 */
export const JOURNAL_VARIABLE = 'CONFORMANCE_JOURNAL';

export function journalPath(env: Environment = environment()): string {
  return settingsOf(env)[JOURNAL_VARIABLE];
}

export interface JournalEntry {
  id: string;
  appsUrl: string;
  /** Whose token created it: a configuration belongs to that user and client (4.6). */
  login: string | null;
  clientId: string | null;
  /** The marker path its url carries (helpers/clients/marker.ts). */
  marker: string;
  createdAt: string;
}

/** `dropped`: the sandbox that held it is gone (a loopback port nothing listens on any more). */
type JournalLine =
  ({ event: 'created' } & JournalEntry) | { event: 'deleted' | 'dropped'; id: string; appsUrl: string };

/**
 * Append-only lines, so that parallel workers never rewrite each other's: a deletion is a line of
 * its own. Only `npm run cleanup` rewrites the file, keeping what is still live.
 */
export class Journal {
  constructor(readonly path: string = journalPath()) {}

  created(entry: JournalEntry): void {
    this.append({ event: 'created', ...entry });
  }

  deleted(appsUrl: string, id: string): void {
    if (existsSync(this.path)) this.append({ event: 'deleted', id, appsUrl });
  }

  /** Forgets entries whose sandbox is gone: appended lines, so a parallel run's are never lost. */
  dropped(entries: readonly JournalEntry[]): void {
    for (const entry of entries) this.append({ event: 'dropped', id: entry.id, appsUrl: entry.appsUrl });
  }

  live(): JournalEntry[] {
    return liveEntries(this.path);
  }

  /** Rewrites the journal with these entries only (the cleanup command's last step). */
  replace(entries: readonly JournalEntry[]): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(
      temporary,
      entries.map((entry) => `${JSON.stringify({ event: 'created', ...entry })}\n`).join(''),
    );
    renameSync(temporary, this.path);
  }

  private append(line: JournalLine): void {
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.path, `${JSON.stringify(line)}\n`);
  }
}

/** Configurations created and not deleted since, in the order of creation. */
export function liveEntries(path: string): JournalEntry[] {
  if (!existsSync(path)) return [];
  const live = new Map<string, JournalEntry>();
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    const line = parseLine(text);
    if (line === null) continue;
    const key = `${line.appsUrl} ${line.id}`;
    if (line.event === 'created') live.set(key, entryOf(line));
    else live.delete(key);
  }
  return [...live.values()];
}

function entryOf(line: JournalEntry): JournalEntry {
  return {
    id: line.id,
    appsUrl: line.appsUrl,
    login: line.login,
    clientId: line.clientId,
    marker: line.marker,
    createdAt: line.createdAt,
  };
}

/** A torn last line (a run killed mid-write) is skipped, not fatal. */
function parseLine(text: string): JournalLine | null {
  if (text.trim() === '') return null;
  try {
    const line = JSON.parse(text) as Partial<JournalLine>;
    return typeof line.id === 'string' && typeof line.appsUrl === 'string' ? (line as JournalLine) : null;
  } catch {
    return null;
  }
}

/** The origin of the target an entry was made on: leftovers belong to their target. */
export function entryOrigin(entry: Pick<JournalEntry, 'appsUrl'>): string {
  return originOf(entry.appsUrl) ?? entry.appsUrl;
}

/** The live entries by target: this target's, the other targets' (by origin), and how many were dropped. */
export interface Leftovers {
  /** The configured target's origin; null when no target is configured. */
  origin: string | null;
  mine: JournalEntry[];
  others: Map<string, JournalEntry[]>;
  /** Entries of a loopback sandbox that no longer runs (an embedded one, gone with its run): dropped now. */
  dropped: JournalEntry[];
}

/**
 * The journal's live entries for the target at `appsUrl` (null: none configured). An entry of
 * another loopback origin where nothing listens any more was made on a sandbox that is gone (an
 * embedded one, or a self-test's), and nothing is left to clean there: it is dropped from the
 * journal, so that no later run warns of it.
 */
export async function leftoversFor(journal: Journal, appsUrl: string | null): Promise<Leftovers> {
  const origin = appsUrl === null ? null : (originOf(appsUrl) ?? appsUrl);
  const byOrigin = new Map<string, JournalEntry[]>();
  for (const entry of journal.live())
    byOrigin.set(entryOrigin(entry), [...(byOrigin.get(entryOrigin(entry)) ?? []), entry]);
  const leftovers: Leftovers = {
    origin,
    mine: byOrigin.get(origin ?? '') ?? [],
    others: new Map(),
    dropped: [],
  };
  for (const [other, entries] of byOrigin) {
    if (other === origin) continue;
    if (await goneLoopbackSandbox(other)) leftovers.dropped.push(...entries);
    else leftovers.others.set(other, entries);
  }
  journal.dropped(leftovers.dropped);
  return leftovers;
}

/** A loopback origin nothing listens on: the connection is refused at once, nothing to wait for. */
async function goneLoopbackSandbox(origin: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) return false;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      resolve(error.code === 'ECONNREFUSED');
    });
  });
}

/** Who holds a token: filled where tokens are issued, read when a configuration is journaled. */
const owners = new Map<string, { login: string; clientId: string }>();

export function rememberOwner(token: string, owner: { login: string; clientId: string }): void {
  owners.set(token, owner);
}

export function ownerOf(token: string): { login: string; clientId: string } | undefined {
  return owners.get(token);
}
