import { field, text, type Http } from './http.js';

/**
 * The published-ads listing (spec 4.4): the first request without `page_token`, each `next_token`
 * sent back as `page_token` (URL-encoded: tokens may hold `+`, `/`, `=`), stop at a null one; pages
 * of any length, an empty last page, statuses outside section 3 (which "can grow") all kept.
 */

export const MAX_FETCH_SIZE = 200;

export interface ListedAd {
  id: string;
  status: string;
  listId?: string;
}

export interface Crawl {
  ads: ListedAd[];
  pages: number;
  /** Statuses not in section 3, seen and kept. */
  otherStatuses: string[];
}

const SECTION_3 = new Set(['pending_review', 'published', 'deleted', 'refused']);

function adsOf(page: unknown): ListedAd[] {
  const data = field(page, 'data');
  if (!Array.isArray(data)) throw new Error('the listing answered a page without data');
  return data.map((item) => {
    const listId = field(item, 'list_id');
    return {
      id: text(field(item, 'id')),
      status: text(field(item, 'status')),
      ...(typeof listId === 'string' ? { listId } : {}),
    };
  });
}

export async function crawlListing(
  http: Http,
  appsUrl: string,
  token: string,
  options: { fetchSize?: number; maxPages?: number; followRepeatedTokens?: boolean } = {},
): Promise<Crawl> {
  const fetchSize = Math.min(Math.max(Math.trunc(options.fetchSize ?? MAX_FETCH_SIZE), 1), MAX_FETCH_SIZE);
  const crawl: Crawl = { ads: [], pages: 0, otherStatuses: [] };
  const sent = new Set<string>();
  let pageToken: string | null = null;
  while (crawl.pages < (options.maxPages ?? 10_000)) {
    const query = new URLSearchParams({ fetch_size: String(fetchSize) });
    if (pageToken !== null) query.set('page_token', pageToken);
    const answer = await http.send(`${appsUrl}/autoupload/v1/published?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
      token,
    });
    if (answer.status !== 200)
      throw new Error(`the listing answered ${answer.status} ${text(field(answer.json, 'reason'))}`);
    const ads = adsOf(answer.json);
    crawl.pages += 1;
    crawl.ads.push(...ads);
    for (const ad of ads)
      if (!SECTION_3.has(ad.status) && !crawl.otherStatuses.includes(ad.status))
        crawl.otherStatuses.push(ad.status);
    const next = field(answer.json, 'next_token');
    // Null (or absent) ends the crawl; a token already followed would loop: stop there too.
    if (typeof next !== 'string' || next === '') break;
    if (sent.has(next) && options.followRepeatedTokens !== true) break;
    sent.add(next);
    pageToken = next;
  }
  return crawl;
}
