import { delayAfter, TRAVEL_ALLOWANCE_MS } from '../../report-card/causality.js';
import { fp } from './journal-builder.js';
import type { Client } from './client-steps.js';

interface Page {
  /** The token in the query string too (`?access_token=`), beside the Bearer header. */
  tokenInUrl?: boolean;
  pageToken?: string;
  next: string | null;
  items?: number;
  statuses?: string;
  fetchSize?: number;
}

/** One listing request answered with a page. */
function page(
  client: Client,
  {
    tokenInUrl = false,
    pageToken,
    next,
    items = 100,
    statuses = 'published,pending_review',
    fetchSize = 100,
  }: Page,
) {
  return client.j.request({
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    ...(tokenInUrl ? { query: { access_token: client.token } } : {}),
    credentials: { bearer: client.token, ...(tokenInUrl ? { query_token: client.token } : {}) },
    params: { fetch_size: fetchSize, ...(pageToken === undefined ? {} : { page_token: pageToken }) },
    status: 200,
    answer: { next_token: next, items, statuses },
  });
}

/** A whole crawl: a status outside section 3 on page 2, an empty page before the empty last one. */
export function crawl(client: Client): void {
  const { j, mistake } = client;
  if (mistake === 'invents-a-page-token')
    j.wrong(
      j.request({
        endpoint: 'listing',
        method: 'GET',
        path: '/autoupload/v1/published',
        credentials: { bearer: client.token },
        params: { page_token: fp('made-up') },
        status: 400,
        reason: 'BAD_REQUEST',
      }),
    );
  const tokenInUrl = mistake === 'puts-the-token-in-the-listing-url-too';
  const first = page(client, {
    next: fp('page-2'),
    fetchSize: mistake === 'asks-500-a-page' ? 500 : 100,
    tokenInUrl,
  });
  if (mistake === 'asks-500-a-page' || tokenInUrl) j.wrong(first);
  if (mistake === 'stops-at-the-first-page') return void j.wrong(first);
  const second = page(client, { pageToken: fp('page-2'), next: fp('page-3'), statuses: 'published,sold' });
  if (mistake === 'stops-at-an-unknown-status') return void j.wrong(second);
  page(client, { pageToken: fp('page-3'), next: fp('page-4'), items: 0, statuses: '' });
  page(client, { pageToken: fp('page-4'), next: null, items: 0, statuses: '' });
  if (mistake === 'goes-past-a-null-next-token')
    j.wrong(page(client, { pageToken: fp('page-4'), next: null, items: 0, statuses: '' }));
}

/** A crawl whose server repeats a token: the reference client stops there. */
export function crawlThroughCycle(client: Client): void {
  const { j, mistake } = client;
  j.wait(1000);
  page(client, { next: fp('cycle-2') });
  j.request({
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    credentials: { bearer: client.token },
    params: { page_token: fp('cycle-2') },
    status: 200,
    answer: { next_token: fp('cycle-2'), items: 100, statuses: 'published' },
    decision: { profile: 'hostile-marketplace', fault: 'repeat_token' },
  });
  if (mistake === 'loops-on-a-repeated-token') {
    j.wrong(page(client, { pageToken: fp('cycle-2'), next: fp('cycle-2') }));
    page(client, { pageToken: fp('cycle-2'), next: fp('cycle-2') });
  }
}

function limited(client: Client) {
  return client.j.request({
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    credentials: { bearer: client.token },
    params: { fetch_size: 100 },
    status: 429,
    reason: 'RATE_LIMIT',
  });
}

/** Three requests in 400 ms, a block, a wait, and a paced resume. */
export function crawlIntoBlock(client: Client): void {
  const { j, mistake } = client;
  j.wait(5000);
  page(client, { next: null });
  j.wait(150);
  page(client, { next: null });
  j.wait(150);
  const refused = limited(client);
  // At full speed: attempts every 25 ms; the first that came past the travel allowance shows it.
  if (mistake === 'retries-a-block-at-full-speed')
    for (let retry = 0; retry < 8; retry += 1) {
      j.wait(20);
      const again = limited(client);
      if (delayAfter(refused, again) >= TRAVEL_ALLOWANCE_MS) j.wrong(again);
    }
  j.wait(2000);
  limited(client);
  j.wait(4000);
  page(client, { next: null });
  if (mistake !== 'resumes-at-full-speed') return;
  j.wait(100);
  j.wrong(page(client, { next: null }));
  j.wait(100);
  page(client, { next: null });
  j.wait(100);
  page(client, { next: null });
}

/** The token revoked under the client (chaos's token-revoked): ACCESS_DENIED, then a new consent. */
export function deniedToken(client: Client): void {
  const { j, mistake } = client;
  j.wait(1000).request({
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    credentials: { bearer: client.token },
    status: 401,
    reason: 'ACCESS_DENIED',
    decision: { profile: 'token-revoked', fault: 'token-revoked' },
  });
  if (mistake === 'reuses-a-denied-token')
    j.wrong(
      j.wait(1000).request({
        endpoint: 'listing',
        method: 'GET',
        path: '/autoupload/v1/published',
        credentials: { bearer: client.token, revoked: true },
        status: 401,
        reason: 'ACCESS_DENIED',
      }),
    );
}

export function crawlAgain(client: Client): void {
  const { j, mistake } = client;
  j.wait(1000);
  if (mistake === 'uses-the-retired-listing')
    j.wrong(
      j.request({
        endpoint: 'listing',
        method: 'POST',
        path: '/autoupload/published',
        credentials: { body_token: client.token },
        status: 200,
      }),
    );
  else page(client, { next: null, items: 3 });
}
