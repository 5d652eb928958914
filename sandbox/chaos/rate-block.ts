/**
 * Production's rate limit (field notes: 5,000 requests a minute per address, then the address
 * blocked for ten minutes, every request 429), applied to one client as if its address were
 * blocked: a fixed minute window per client; the request past the limit starts the block, and
 * every request during the block is refused; after it, a fresh window.
 */
interface Window {
  startsAtMs: number;
  count: number;
  blockedUntilMs: number;
}

export class RateBlocks {
  private readonly windows = new Map<string, Window>();

  /** Counts the request; true when it is refused (the client is blocked). */
  refuses(clientId: string, limit: number, blockSeconds: number, nowMs = Date.now()): boolean {
    let window = this.windows.get(clientId);
    if (window !== undefined && window.blockedUntilMs > nowMs) return true;
    if (window === undefined || window.blockedUntilMs > 0 || nowMs - window.startsAtMs >= 60_000) {
      window = { startsAtMs: nowMs, count: 0, blockedUntilMs: 0 };
      this.windows.set(clientId, window);
    }
    window.count += 1;
    if (window.count <= limit) return false;
    window.blockedUntilMs = nowMs + blockSeconds * 1000;
    return true;
  }

  /** True while the client is blocked; counts nothing. */
  blocked(clientId: string, nowMs = Date.now()): boolean {
    return (this.windows.get(clientId)?.blockedUntilMs ?? 0) > nowMs;
  }

  clear(): void {
    this.windows.clear();
  }

  forget(clientId: string): void {
    this.windows.delete(clientId);
  }
}
