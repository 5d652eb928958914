/**
 * The authorization flows' pages (authorize, sign-in, consent) while their client is only
 * claimed: each record's seq with the claimed client, the browser cookies it carried or was
 * given (fingerprints), and the code its answer issued. When a client proves itself at the token
 * endpoint with its secret and a code, the consent that issued the code and the pages of the
 * same browser before it (linked cookie by cookie) become its records: the code is the proof.
 * Bounded: the last `capacity` pages; an older one stays claimed-only.
 */

export const FLOW_PAGES_KEPT = 20_000;

interface Page {
  readonly seq: number;
  readonly claimed: string;
  readonly cookies: readonly string[];
  readonly code?: string;
}

export class BrowserFlows {
  /** By seq, oldest first (a Map keeps insertion order). */
  private readonly pages = new Map<number, Page>();

  constructor(private readonly capacity: number = FLOW_PAGES_KEPT) {}

  note(page: Page): void {
    if (page.cookies.length === 0 && page.code === undefined) return;
    this.pages.set(page.seq, page);
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value ?? -1);
  }

  /**
   * The seqs proven `clientId`'s by the code (its fingerprint) it exchanged: the page that
   * issued it, named for that client, and its browser's earlier pages naming that client.
   */
  proveByCode(clientId: string, code: string): Set<number> {
    const proven = new Set<number>();
    const issuing = [...this.pages.values()].find((page) => page.code === code && page.claimed === clientId);
    if (issuing === undefined) return proven;
    const cookies = new Set(issuing.cookies);
    proven.add(issuing.seq);
    const earlier = [...this.pages.values()].filter((page) => page.seq < issuing.seq).reverse();
    for (const page of earlier) {
      if (page.claimed !== clientId || !page.cookies.some((cookie) => cookies.has(cookie))) continue;
      proven.add(page.seq);
      for (const cookie of page.cookies) cookies.add(cookie);
    }
    for (const seq of proven) this.pages.delete(seq);
    return proven;
  }
}
