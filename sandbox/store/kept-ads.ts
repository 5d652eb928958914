// How the ads are kept in the data file: each user's set in rows of ADS_PER_ROW ads under a number
// of its own, a head row naming the set in force, and a row per status changed since. Written as
// one row, a set of 100,000 ads was a 5.5 MB string made and written in one turn of the event loop,
// stalling every request meanwhile; in rows of 500 the persistence writes them one or two at a time
// between requests (persist/persistence.ts), and an ad the import adds rewrites only its row.
import { LatestRows, NO_JOURNAL, type KeptRow, type RowJournal } from '../persist/journal.js';
import type { Ad } from './ad.js';

/** Ads per row: about 27 kB of JSON, made and written in about half a millisecond. */
export const ADS_PER_ROW = 500;

/** Which numbered set is a user's, and how many rows it has. */
interface Head {
  set: number;
  rows: number;
}

// Keys are JSON arrays, so no login or id can run into another; a set's number ends its prefix.
const headKey = (login: string): string => JSON.stringify(['head', login]);
const rowKey = (login: string, set: number, row: number): string => JSON.stringify(['ads', login, set, row]);
const statusKey = (login: string, set: number, id: string): string =>
  JSON.stringify(['status', login, set, id]);
const prefixOf = (kind: string, login: string, set: number): string =>
  `${JSON.stringify([kind, login, set]).slice(0, -1)},`;

/**
 * The rows of the ads. The head moves to a new set only once its rows are written (the
 * persistence writes changes in order), and the old set's rows are deleted after: a process killed
 * in the middle leaves the previous set whole, and the new set's rows, which no head names, are
 * deleted with the user's next set.
 */
export class KeptAds {
  journal: RowJournal = NO_JOURNAL;
  private readonly heads = new Map<string, Head>();
  /** Set numbers that have rows no head names (a write cut short), by login. */
  private readonly leftovers = new Map<string, Set<number>>();
  private lastSet = 0;
  private readonly rows = new LatestRows();

  /** The user's set was replaced by `ads` (a new array, never changed but by `added`). */
  replaced(login: string, ads: readonly Ad[]): void {
    if (this.journal === NO_JOURNAL) return;
    this.lastSet += 1;
    const head = { set: this.lastSet, rows: Math.ceil(ads.length / ADS_PER_ROW) };
    for (let row = 0; row < head.rows; row += 1) this.putRow(login, head.set, row, ads);
    const previous = this.heads.get(login);
    this.heads.set(login, head);
    this.journal.put(headKey(login), head);
    const old = this.leftovers.get(login) ?? new Set<number>();
    if (previous !== undefined) old.add(previous.set);
    for (const set of old) {
      this.journal.deletePrefix(prefixOf('ads', login, set));
      this.journal.deletePrefix(prefixOf('status', login, set));
    }
    this.leftovers.delete(login);
  }

  /** An ad was added at the end of the user's `ads`: its row is written again. */
  added(login: string, ads: readonly Ad[]): void {
    if (this.journal === NO_JOURNAL) return;
    let head = this.heads.get(login);
    if (head === undefined) {
      this.lastSet += 1;
      head = { set: this.lastSet, rows: 0 };
      this.heads.set(login, head);
    }
    const row = Math.floor((ads.length - 1) / ADS_PER_ROW);
    this.putRow(login, head.set, row, ads);
    if (row < head.rows) return;
    head.rows = row + 1;
    this.journal.put(headKey(login), { ...head });
  }

  statusChanged(login: string, id: string, status: string): void {
    const head = this.heads.get(login);
    if (head !== undefined) this.journal.put(statusKey(login, head.set, id), status);
  }

  /** Each user's ads as kept, with the statuses changed since applied; throws on a missing row. */
  load(rows: readonly KeptRow[]): Map<string, Ad[]> {
    const heads = new Map<string, Head>();
    const sets = new Map<string, Ad[]>();
    const statuses = new Map<string, string>();
    for (const [key, value] of rows) {
      const [kind, login = '', set = 0, part] = JSON.parse(key) as [string, string?, number?, unknown?];
      if (kind === 'head') heads.set(login, value as Head);
      else if (kind === 'ads') sets.set(rowKey(login, set, Number(part)), value as Ad[]);
      else statuses.set(statusKey(login, set, String(part)), value as string);
      this.lastSet = Math.max(this.lastSet, kind === 'head' ? (value as Head).set : set);
      if (kind !== 'head') this.noteSet(login, set);
    }
    const users = new Map<string, Ad[]>();
    for (const [login, head] of heads) {
      this.heads.set(login, head);
      this.leftovers.get(login)?.delete(head.set);
      const ads = Array.from({ length: head.rows }, (_, row) => {
        const part = sets.get(rowKey(login, head.set, row));
        if (part === undefined) throw new Error(`row ${row} of the ads of ${login} is missing`);
        return part;
      }).flat();
      for (const ad of ads) ad.status = statuses.get(statusKey(login, head.set, ad.id)) ?? ad.status;
      users.set(login, ads);
    }
    return users;
  }

  private noteSet(login: string, set: number): void {
    const sets = this.leftovers.get(login) ?? new Set<number>();
    this.leftovers.set(login, sets.add(set));
  }

  /** Queues the row's write, its JSON made when the batch is written (once, however many changes). */
  private putRow(login: string, set: number, row: number, ads: readonly Ad[]): void {
    this.rows.put(this.journal, rowKey(login, set, row), () =>
      ads.slice(row * ADS_PER_ROW, (row + 1) * ADS_PER_ROW),
    );
  }
}
