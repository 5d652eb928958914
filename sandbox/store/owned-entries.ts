/** Limits of an OwnedEntries map. */
export interface OwnedLimits {
  /** Entries live this long after creation, then are gone. */
  lifetimeMs: number;
  /** Entries one owner (the signed-in login) may hold; beyond, that owner's oldest gives way. */
  perOwner: number;
  /** Entries in all; beyond, the oldest entry of the owner holding the most gives way. */
  total: number;
}

interface Held<V> {
  value: V;
  owner: string;
  createdAtMs: number;
}

/**
 * A bounded map of short-lived entries, each held by an owner. A flood from one owner evicts only
 * that owner's own entries, never another's flow in progress: when the whole map is full, the
 * owner holding the most loses its oldest.
 */
export class OwnedEntries<V> {
  /** In order of creation, so the head is always the first to expire. */
  private readonly entries = new Map<string, Held<V>>();
  private readonly byOwner = new Map<string, Set<string>>();

  constructor(
    private readonly limits: OwnedLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: string): V | undefined {
    const held = this.entries.get(id);
    if (held === undefined) return undefined;
    if (this.now() - held.createdAtMs < this.limits.lifetimeMs) return held.value;
    this.delete(id);
    return undefined;
  }

  add(id: string, owner: string, value: V): void {
    this.forgetExpired();
    const before = this.byOwner.get(owner);
    if (before !== undefined && before.size >= this.limits.perOwner) this.deleteOldestOf(before);
    if (this.entries.size >= this.limits.total) this.deleteOldestOf(this.largestOwner());
    const owned = this.byOwner.get(owner) ?? new Set<string>();
    this.byOwner.set(owner, owned);
    this.entries.set(id, { value, owner, createdAtMs: this.now() });
    owned.add(id);
  }

  delete(id: string): void {
    const held = this.entries.get(id);
    if (held === undefined) return;
    this.entries.delete(id);
    const owned = this.byOwner.get(held.owner);
    owned?.delete(id);
    if (owned?.size === 0) this.byOwner.delete(held.owner);
  }

  private forgetExpired(): void {
    const oldestKept = this.now() - this.limits.lifetimeMs;
    for (const [id, held] of this.entries) {
      if (held.createdAtMs > oldestKept) return;
      this.delete(id);
    }
  }

  private deleteOldestOf(owned: ReadonlySet<string>): void {
    const oldest = owned.values().next().value;
    if (oldest !== undefined) this.delete(oldest);
  }

  private largestOwner(): ReadonlySet<string> {
    let largest: ReadonlySet<string> = new Set();
    for (const owned of this.byOwner.values()) if (owned.size > largest.size) largest = owned;
    return largest;
  }
}
