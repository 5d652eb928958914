import { LatestRows, NO_JOURNAL, type KeptRow, type RowJournal } from '../persist/journal.js';
import type { CodeMessage, ItemOperation, ItemStatus } from './vocabulary.js';

/**
 * What the ad import remembers: each import by its token (owned by the token's user), and each ad
 * the import has touched, by the integrator's id and by its list_id, per user. Bounded per user and
 * in all (docs/sandbox-import.md), so that one tester's loop on a shared host cannot exhaust it.
 */

/** One ad of an import, as its status query shows it. */
export interface ImportItem {
  id: string;
  operation: ItemOperation;
  status: ItemStatus;
  category?: string;
  /** The ad's `params.sandbox_moderation`: the outcome its sender asks the moderation for. */
  trigger?: string;
  /** The status the sandbox's moderation gave the ad when asked for one (`status:<status>`). */
  adStatus?: string;
  listId?: string;
  message: CodeMessage[];
}

export interface ImportRecord {
  token: string;
  login: string;
  clientId: string;
  /** On the client's clock (the clock helper ages it), epoch milliseconds. */
  createdAtMs: number;
  items: ImportItem[];
}

/** One ad as `GET /autoupload/ads/{list_id}` shows it. */
export interface AdRecord {
  id: string;
  listId?: string;
  status: 'pending' | 'deleted' | 'accepted' | 'refused';
  message: CodeMessage[];
  lastUpdateMs: number;
  /** How many times the id was imported: one of the inputs of the seeded refusal draw. */
  imports: number;
}

export const IMPORT_CAPS = {
  /** Ads in one import: beyond, 400. */
  itemsPerImport: 500,
  /** Ads of one user waiting for the moderation: beyond, statusCode -2. */
  pendingItemsPerUser: 2_000,
  /** Ads of one user's imports kept for the status query: beyond, the oldest imports are forgotten. */
  keptItemsPerUser: 5_000,
  /** Ads of every import kept: beyond, statusCode -2. */
  keptItems: 200_000,
  /** Ids one user may bring in through the import: beyond, statusCode -8. */
  adsPerUser: 10_000,
} as const;

interface StoreData {
  imports: ImportRecord[];
  ads: Array<[string, AdRecord[]]>;
  nextListId: number;
}

// Rows in a data folder (persist/): one per import, one per ad record, and the next list_id. Keys
// are JSON arrays, so no token, login or id can run into another.
const importKey = (token: string): string => JSON.stringify(['import', token]);
const adKey = (login: string, id: string): string => JSON.stringify(['ad', login, id]);
const NEXT_LIST_ID_KEY = JSON.stringify(['next-list-id']);

export class ImportStore {
  /**
   * Where the store's rows go. Kept as one row of the whole store, every decision of the moderation
   * rewrote every import and ad (13 ms of CPU for one user's 5,000 ads, 120 ms for ten users', at
   * each batch): now a decision rewrites its import's row and its ads' rows.
   */
  journal: RowJournal = NO_JOURNAL;
  private readonly rows = new LatestRows();
  private readonly imports = new Map<string, ImportRecord>();
  private readonly byUser = new Map<string, string[]>();
  private readonly ads = new Map<string, Map<string, AdRecord>>();
  private readonly listIds = new Map<string, Map<string, string>>();
  private readonly pending = new Map<string, number>();
  private keptItems = 0;
  /** list_ids are numeric strings, as production's look; never reused. */
  private nextListId = 100_000_001;

  find(token: string): ImportRecord | undefined {
    return this.imports.get(token);
  }

  /** Keeps an import; forgets the user's oldest ones past the per-user bound. */
  add(record: ImportRecord): void {
    this.imports.set(record.token, record);
    const tokens = this.byUser.get(record.login) ?? [];
    this.byUser.set(record.login, tokens);
    tokens.push(record.token);
    this.keptItems += record.items.length;
    const waiting = record.items.filter((item) => item.status === 'queued' || item.status === 'pending');
    this.pending.set(record.login, this.pendingOf(record.login) + waiting.length);
    this.putImport(record.token);
    while (this.itemsOf(tokens) > IMPORT_CAPS.keptItemsPerUser && tokens.length > 1)
      this.forget(tokens.shift() ?? '');
  }

  /** The import was decided: its row and the rows of its ads are written again. */
  recorded(record: ImportRecord): void {
    this.putImport(record.token);
    for (const item of record.items) this.putAd(record.login, item.id);
  }

  forget(token: string): void {
    const record = this.imports.get(token);
    if (record === undefined) return;
    this.imports.delete(token);
    this.rows.delete(this.journal, importKey(token));
    this.keptItems -= record.items.length;
    const tokens = this.byUser.get(record.login);
    if (tokens !== undefined && tokens.includes(token)) tokens.splice(tokens.indexOf(token), 1);
  }

  /** The imports with an ad the moderation has not decided yet, oldest first. */
  waiting(): ImportRecord[] {
    return [...this.imports.values()].filter((record) =>
      record.items.some((item) => item.status === 'queued' || item.status === 'pending'),
    );
  }

  /** One item of the user's imports was decided. */
  settled(login: string): void {
    this.pending.set(login, Math.max(0, this.pendingOf(login) - 1));
  }

  pendingOf(login: string): number {
    return this.pending.get(login) ?? 0;
  }

  keptItemCount(): number {
    return this.keptItems;
  }

  ad(login: string, id: string): AdRecord | undefined {
    return this.ads.get(login)?.get(id);
  }

  adByListId(login: string, listId: string): AdRecord | undefined {
    const id = this.listIds.get(login)?.get(listId);
    return id === undefined ? undefined : this.ad(login, id);
  }

  adCount(login: string): number {
    return this.ads.get(login)?.size ?? 0;
  }

  /** The ad's record, made on its first import; `listId` kept when the listing already has one. */
  adRecord(login: string, id: string, listId: string | undefined, nowMs: number): AdRecord {
    const ads = this.ads.get(login) ?? new Map<string, AdRecord>();
    this.ads.set(login, ads);
    let record = ads.get(id);
    if (record === undefined) {
      record = { id, status: 'pending', message: [], lastUpdateMs: nowMs, imports: 0 };
      ads.set(id, record);
      this.putAd(login, id);
    }
    if (record.listId === undefined && listId !== undefined) this.indexListId(login, record, listId);
    return record;
  }

  /** Gives the ad a list_id (once accepted) when it has none yet. */
  ensureListId(login: string, record: AdRecord): string {
    if (record.listId !== undefined) return record.listId;
    const listId = String(this.nextListId);
    this.nextListId += 1;
    this.rows.put(this.journal, NEXT_LIST_ID_KEY, () => this.nextListId);
    this.indexListId(login, record, listId);
    return listId;
  }

  dump(): unknown {
    const data: StoreData = {
      imports: [...this.imports.values()],
      ads: [...this.ads.entries()].map(([login, ads]) => [login, [...ads.values()]]),
      nextListId: this.nextListId,
    };
    return JSON.parse(JSON.stringify(data)) as unknown;
  }

  load(data: unknown): void {
    const stored = data as Partial<StoreData> | null;
    for (const record of stored?.imports ?? []) this.add(record);
    for (const [login, ads] of stored?.ads ?? []) for (const ad of ads) this.loadAd(login, ad);
    if (typeof stored?.nextListId === 'number') this.nextListId = stored.nextListId;
  }

  /** Every row of the store queued again (its rows replace a file's one row of an earlier release). */
  keepAll(): void {
    for (const token of this.imports.keys()) this.putImport(token);
    for (const [login, ads] of this.ads) for (const id of ads.keys()) this.putAd(login, id);
    this.rows.put(this.journal, NEXT_LIST_ID_KEY, () => this.nextListId);
  }

  /** Refills the empty store from its rows (before its journal is attached). */
  loadRows(rows: readonly KeptRow[]): void {
    const imports: ImportRecord[] = [];
    for (const [key, value] of rows) {
      const [kind, login, id] = JSON.parse(key) as [string, string?, string?];
      if (kind === 'import' && value !== null) imports.push(value as ImportRecord);
      else if (kind === 'ad' && login !== undefined && id !== undefined)
        this.loadAd(login, value as AdRecord);
      else if (kind === 'next-list-id' && typeof value === 'number') this.nextListId = value;
    }
    // Rows are read in the order they were last written: the per-user bound forgets the oldest.
    for (const record of imports.sort((a, b) => a.createdAtMs - b.createdAtMs)) this.add(record);
  }

  private loadAd(login: string, ad: AdRecord): void {
    this.adRecord(login, ad.id, ad.listId, ad.lastUpdateMs);
    Object.assign(this.ad(login, ad.id) ?? {}, ad);
  }

  private putAd(login: string, id: string): void {
    this.rows.put(this.journal, adKey(login, id), () => this.ad(login, id) ?? null);
  }

  private putImport(token: string): void {
    this.rows.put(this.journal, importKey(token), () => this.imports.get(token) ?? null);
  }

  private indexListId(login: string, record: AdRecord, listId: string): void {
    record.listId = listId;
    const index = this.listIds.get(login) ?? new Map<string, string>();
    this.listIds.set(login, index);
    index.set(listId, record.id);
  }

  private itemsOf(tokens: readonly string[]): number {
    return tokens.reduce((sum, token) => sum + (this.imports.get(token)?.items.length ?? 0), 0);
  }
}
