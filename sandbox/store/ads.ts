import type { KeptRow, KeptStore, RowJournal } from '../persist/journal.js';
import type { Ad } from './ad.js';
import { KeptAds } from './kept-ads.js';

export type { Ad } from './ad.js';

/** Where each ad of a set sits in it, by id: found ads and their seeded order from one index. */
export type AdPositions = Map<string, number>;

/** The positions of a set's ads, or undefined when an id appears twice. */
export function positionsOf(ads: readonly Ad[]): AdPositions | undefined {
  const positions: AdPositions = new Map();
  for (const [index, ad] of ads.entries()) {
    if (positions.has(ad.id)) return undefined;
    positions.set(ad.id, index);
  }
  return positions;
}

/**
 * One user's ads, indexed so that any page of any filter is a slice, never a scan. One map of
 * 200,000 entries costs about 8 MB of heap: the id index also gives each ad's seeded order.
 */
class UserAds {
  readonly all: Ad[];
  private readonly byStatus = new Map<string, Ad[]>();

  constructor(
    ads: Ad[],
    private readonly positions: AdPositions,
  ) {
    this.all = ads;
    for (const ad of ads) {
      const list = this.byStatus.get(ad.status);
      if (list === undefined) this.byStatus.set(ad.status, [ad]);
      else list.push(ad);
    }
  }

  /** Adds an ad after the others (the ad import's insert of a new id), indexed as seeded ones. */
  add(ad: Ad): void {
    this.positions.set(ad.id, this.all.length);
    this.all.push(ad);
    const list = this.byStatus.get(ad.status);
    if (list === undefined) this.byStatus.set(ad.status, [ad]);
    else list.push(ad);
  }

  view(status: string | undefined): readonly Ad[] {
    return status === undefined ? this.all : (this.byStatus.get(status) ?? []);
  }

  find(id: string): Ad | undefined {
    const position = this.positions.get(id);
    return position === undefined ? undefined : this.all[position];
  }

  /** Changes one ad's status in place and moves it between the status indexes. */
  changeStatus(ad: Ad, status: string): void {
    const previous = this.byStatus.get(ad.status);
    if (previous !== undefined) previous.splice(previous.indexOf(ad), 1);
    ad.status = status;
    const next = this.byStatus.get(status);
    if (next === undefined) this.byStatus.set(status, [ad]);
    else {
      // Keep the seeded order inside the index, so pages of a filter stay stable.
      const position = this.positionOf(ad);
      const at = next.findIndex((other) => this.positionOf(other) > position);
      next.splice(at < 0 ? next.length : at, 0, ad);
    }
  }

  private positionOf(ad: Ad): number {
    return this.positions.get(ad.id) ?? 0;
  }
}

export class AdStore implements KeptStore {
  /** The rows that keep the ads (kept-ads.ts), written through the journal the persistence gives. */
  private readonly kept = new KeptAds();
  private readonly users = new Map<string, UserAds>();
  private readonly generations = new Map<string, number>();
  private readonly revisions = new Map<string, number>();
  /** One counter for every user, so a revision number is never reused after a replacement. */
  private lastRevision = 0;

  /** Ads held across every user. */
  private total = 0;

  /** The logins that hold a set of ads (a fault lists them all: fault-catalogue/resources.ts). */
  logins(): string[] {
    return [...this.users.keys()];
  }

  /** How many ads the sandbox would hold once this user's set is replaced by one of `count`. */
  totalAfterReplacing(login: string, count: number): number {
    return this.total - (this.users.get(login)?.all.length ?? 0) + count;
  }

  /**
   * Replaces the user's whole set (contract: PUT .../ads); `positions` when the caller built them
   * while reading the set (ids must be unique).
   */
  replace(login: string, ads: Ad[], positions = positionsOf(ads)): void {
    this.install(login, ads, positions);
    this.kept.replaced(login, ads);
  }

  get journal(): RowJournal {
    return this.kept.journal;
  }

  set journal(journal: RowJournal) {
    this.kept.journal = journal;
  }

  /** Each user's set as kept, its statuses changed since applied before it is indexed. */
  loadRows(rows: readonly KeptRow[]): void {
    for (const [login, ads] of this.kept.load(rows)) this.install(login, ads, positionsOf(ads));
  }

  private install(login: string, ads: Ad[], positions: AdPositions | undefined): void {
    if (positions === undefined) throw new Error('an ad id appears twice in the set');
    this.total = this.totalAfterReplacing(login, ads.length);
    this.users.set(login, new UserAds(ads, positions));
    this.generations.set(login, (this.generations.get(login) ?? 0) + 1);
    this.touch(login);
  }

  /** Bumped on every replacement, so page tokens of an older set are told apart. */
  generation(login: string): number {
    return this.generations.get(login) ?? 0;
  }

  /**
   * Moves on every change to the user's ads, a status change included (which keeps the
   * generation, and so the page tokens): what a cached page is checked against.
   */
  revision(login: string): number {
    return this.revisions.get(login) ?? 0;
  }

  view(login: string, status: string | undefined): readonly Ad[] {
    return this.users.get(login)?.view(status) ?? [];
  }

  find(login: string, id: string): Ad | undefined {
    return this.users.get(login)?.find(id);
  }

  /** Adds one ad to the user's set (the ad import's insert of a new id); false past the sandbox's cap. */
  add(login: string, ad: Ad, cap: number): boolean {
    if (this.total >= cap || this.find(login, ad.id) !== undefined) return false;
    let user = this.users.get(login);
    if (user === undefined) {
      user = new UserAds([], new Map());
      this.users.set(login, user);
    }
    user.add(ad);
    this.total += 1;
    this.touch(login);
    this.kept.added(login, user.all);
    return true;
  }

  changeStatus(login: string, ad: Ad, status: string): void {
    this.users.get(login)?.changeStatus(ad, status);
    this.touch(login);
    this.kept.statusChanged(login, ad.id, status);
  }

  private touch(login: string): void {
    this.lastRevision += 1;
    this.revisions.set(login, this.lastRevision);
  }
}
