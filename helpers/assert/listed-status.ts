import type { ListingClient } from '../clients/listing-client.js';
import { whileAccountHeld } from '../clients/account-lock.js';
import { parseJsonBody } from '../record/exchange.js';
import { SetUpError } from './set-up.js';
import { verify } from './verify.js';

/** The most pages one read-back follows: 200 ads a page, a million ads. */
const PAGE_BOUND = 5000;
/** The pause between two read-backs while the listing has not caught up with a change. */
const POLL_MS = 500;

/** What one crawl of the listing (filtered or not) shows: each ad's id and status. */
export type ListedStatuses = ReadonlyMap<string, string>;

/**
 * Crawls the listing of the token's user, unfiltered or filtered by `adsStatus`. Reading pages is
 * not what this checks (the listing's own tests do): an answer that is not a page ends the test as
 * broken, naming the step.
 */
export async function crawlStatuses(
  listing: ListingClient,
  token: string,
  adsStatus?: string,
): Promise<ListedStatuses> {
  const statuses = new Map<string, string>();
  let pageToken: string | undefined;
  for (let page = 0; page < PAGE_BOUND; page += 1) {
    const exchange = await listing.page(token, {
      quiet: true,
      ...(adsStatus === undefined ? {} : { adsStatus }),
      ...(pageToken === undefined ? {} : { pageToken }),
    });
    const body = parseJsonBody(exchange) as { data?: unknown; next_token?: unknown } | undefined;
    if (exchange.response.status !== 200 || !Array.isArray(body?.data))
      throw new SetUpError(
        `reading the listing back${adsStatus === undefined ? '' : ` with ads_status=${adsStatus}`}`,
        `the listing answered HTTP ${exchange.response.status} without a page of ads`,
      );
    for (const item of body.data as Array<{ id?: unknown; status?: unknown }>)
      if (typeof item.id === 'string') statuses.set(item.id, String(item.status));
    if (typeof body.next_token !== 'string' || body.next_token === '' || body.data.length === 0) break;
    pageToken = body.next_token;
  }
  return statuses;
}

/** One read-back after a change: the unfiltered status, and whether each filter lists the ad. */
interface ReadBack {
  status: string | undefined;
  inNewFilter: boolean;
  inOldFilter: boolean;
}

async function readBack(
  listing: ListingClient,
  token: string,
  adId: string,
  status: string,
  previous: string | undefined,
): Promise<ReadBack> {
  // No other test's change while it reads: one would move the ads of a filtered crawl between pages.
  return whileAccountHeld(async () => {
    const all = await crawlStatuses(listing, token);
    const filtered = await crawlStatuses(listing, token, status);
    const old =
      previous === undefined || previous === status ? null : await crawlStatuses(listing, token, previous);
    return { status: all.get(adId), inNewFilter: filtered.has(adId), inOldFilter: old?.has(adId) ?? false };
  });
}

function caughtUp(seen: ReadBack, status: string): boolean {
  return seen.status === status && seen.inNewFilter && !seen.inOldFilter;
}

/**
 * 2.5 (`status`: "public status of the ad, same as on the marketplace") and 4.4 (`ads_status`)
 * after a change the suite made: the unfiltered listing shows the ad with its new status, the
 * crawl filtered by the new status lists it, and the one filtered by its previous status does not.
 * The specification does not say how soon a change reaches the listing: it is read back until it
 * shows the change or `boundMs` passes.
 */
export async function expectListedAfterChange(
  listing: ListingClient,
  token: string,
  change: { adId: string; status: string },
  previous: string | undefined,
  boundMs: number,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  let seen = await readBack(listing, token, change.adId, change.status, previous);
  while (!caughtUp(seen, change.status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    seen = await readBack(listing, token, change.adId, change.status, previous);
  }
  const within = `within ${Math.round(boundMs / 1000)} s of changing ad ${change.adId} to ${change.status}`;
  verify(seen.status === change.status, {
    ids: ['R2.5-06'],
    expected: `the unfiltered listing to show ad ${change.adId} with status ${change.status} (2.5: the public status, same as on the marketplace) ${within}`,
    observed:
      seen.status === undefined ? 'the ad is not listed' : `the ad is listed with status ${seen.status}`,
  });
  verify(seen.inNewFilter && !seen.inOldFilter, {
    ids: ['R4.4-05'],
    expected: `ads_status=${change.status} to list ad ${change.adId}${previous === undefined || previous === change.status ? '' : `, and ads_status=${previous} (its status before) not to`} ${within}`,
    observed: `ads_status=${change.status} ${seen.inNewFilter ? 'lists' : 'does not list'} it${previous === undefined || previous === change.status ? '' : `; ads_status=${previous} ${seen.inOldFilter ? 'lists' : 'does not list'} it`}`,
  });
}
