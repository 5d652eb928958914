import { NO_JOURNAL, type KeptRow, type KeptStore, type RowJournal } from '../persist/journal.js';

/** The most approvals remembered; past it the oldest is forgotten, and that user is simply asked again. */
const MAX_REMEMBERED = 20_000;

/**
 * The approvals users gave, per user and client: what a server that remembers consent (variant
 * consent-remembered) consults before asking again. Bounded, oldest forgotten first: a tester's
 * loop of approvals costs a fixed amount of memory.
 */
export class ConsentMemory implements KeptStore {
  private readonly approved = new Map<string, ReadonlySet<string>>();
  journal: RowJournal = NO_JOURNAL;

  remember(login: string, clientId: string, scopes: readonly string[]): void {
    const key = keyOf(login, clientId);
    const before = this.approved.get(key) ?? new Set<string>();
    this.approved.delete(key);
    const now = new Set([...before, ...scopes]);
    this.approved.set(key, now);
    this.journal.put(key, [...now]);
    if (this.approved.size > MAX_REMEMBERED) {
      const oldest = this.approved.keys().next().value;
      if (oldest !== undefined) {
        this.approved.delete(oldest);
        this.journal.delete(oldest);
      }
    }
  }

  /** Rows come back oldest approval first, as the map keeps them. */
  loadRows(rows: readonly KeptRow[]): void {
    for (const [key, scopes] of rows) this.approved.set(key, new Set(scopes as string[]));
  }

  /** True when the user has approved every one of `scopes` for the client before. */
  covers(login: string, clientId: string, scopes: readonly string[]): boolean {
    const approved = this.approved.get(keyOf(login, clientId));
    return approved !== undefined && scopes.every((scope) => approved.has(scope));
  }
}

function keyOf(login: string, clientId: string): string {
  return JSON.stringify([login, clientId]);
}
