/** A listing page as sent: the status code and the serialized JSON body. */
export interface RenderedPage {
  status: number;
  body: Buffer;
}

/** Enough for a 200,000-ad crawl (1,000 pages of about 12 KB); beyond it the cache starts over. */
const MAX_PAGES = 1024;

interface UserPages {
  revision: number;
  pages: Map<string, RenderedPage>;
}

/**
 * Serving a page that has not changed should not cost a fresh serialisation: pages are kept per
 * user and dropped as soon as that user's ads change (their revision moves on any replacement or
 * status change). Faults and variants are fixed for the life of the process, so they need no key.
 */
export class PageCache {
  private readonly users = new Map<string, UserPages>();
  private size = 0;

  get(login: string, revision: number, key: string): RenderedPage | undefined {
    const user = this.users.get(login);
    return user?.revision === revision ? user.pages.get(key) : undefined;
  }

  set(login: string, revision: number, key: string, page: RenderedPage): void {
    if (this.size >= MAX_PAGES) {
      this.users.clear();
      this.size = 0;
    }
    let user = this.users.get(login);
    if (user?.revision !== revision) {
      this.size -= user?.pages.size ?? 0;
      user = { revision, pages: new Map() };
      this.users.set(login, user);
    }
    if (!user.pages.has(key)) this.size += 1;
    user.pages.set(key, page);
  }
}
