/** The most approvals remembered; past it the oldest is forgotten, and that user is simply asked again. */
const MAX_REMEMBERED = 20_000;

/**
 * The approvals users gave, per user and client: what a server that remembers consent (variant
 * consent-remembered) consults before asking again. Bounded, oldest forgotten first: a tester's
 * loop of approvals costs a fixed amount of memory.
 */
export class ConsentMemory {
  private readonly approved = new Map<string, ReadonlySet<string>>();

  remember(login: string, clientId: string, scopes: readonly string[]): void {
    const key = keyOf(login, clientId);
    const before = this.approved.get(key) ?? new Set<string>();
    this.approved.delete(key);
    this.approved.set(key, new Set([...before, ...scopes]));
    if (this.approved.size > MAX_REMEMBERED) {
      const oldest = this.approved.keys().next().value;
      if (oldest !== undefined) this.approved.delete(oldest);
    }
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
