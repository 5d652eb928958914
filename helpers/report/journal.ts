import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

type JournalLine = ({ event: 'created' } & JournalEntry) | { event: 'deleted'; id: string; appsUrl: string };

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

/** Who holds a token: filled where tokens are issued, read when a configuration is journaled. */
const owners = new Map<string, { login: string; clientId: string }>();

export function rememberOwner(token: string, owner: { login: string; clientId: string }): void {
  owners.set(token, owner);
}

export function ownerOf(token: string): { login: string; clientId: string } | undefined {
  return owners.get(token);
}
