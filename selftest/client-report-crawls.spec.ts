import { expect, test } from '@playwright/test';
import { gradeClient, standingOf } from '../report-card/grade.js';
import { fp, JournalBuilder } from './broken-clients/journal-builder.js';

/**
 * Which crawl a listing request belongs to (report-card/listing.ts crawlsOf): the one whose page
 * answered its page_token. A client crawling for two dealers at once, or a server whose tokens are
 * the same in every crawl, must not be taken for a crawl going on past its end.
 */
function standingsOf(j: JournalBuilder): Record<string, string> {
  const card = gradeClient(j.clientId, j.records);
  return Object.fromEntries(card.lines.map((line) => [line.requirement.id, standingOf(line)]));
}

/** One page for `login`: fetched with `pageToken` (none: a crawl's first), answering `next`. */
function page(
  j: JournalBuilder,
  login: string,
  pageToken: string | null,
  next: string | null,
  connection?: string,
): void {
  j.wait(300).listing(
    {
      ...(connection === undefined ? {} : { connection }),
      login,
      bearer: fp(`token-${login}`),
      page_token: pageToken,
    },
    { page: { items: 3, next_token: next } },
  );
}

test.describe('the report card tells crawls apart by their tokens', () => {
  test('two dealers crawled side by side: one ending at null while the other goes on is no crawl past its end (C4.4-03)', () => {
    const j = new JournalBuilder('client-two-dealers');
    page(j, 'dealer-a', null, fp('a-2'));
    page(j, 'dealer-b', null, fp('b-2'));
    page(j, 'dealer-a', fp('a-2'), null);
    page(j, 'dealer-b', fp('b-2'), fp('b-3'));
    page(j, 'dealer-b', fp('b-3'), null);
    const standings = standingsOf(j);
    expect([standings['C4.4-01'], standings['C4.4-02'], standings['C4.4-03']]).toEqual([
      'passed',
      'passed',
      'passed',
    ]);
  });

  test('a server whose tokens repeat from one crawl to the next: the second crawl is its own (C4.4-03, C4.4-04)', () => {
    const j = new JournalBuilder('client-offset-tokens');
    for (let crawl = 0; crawl < 2; crawl += 1) {
      page(j, 'dealer-a', null, fp('offset-100'));
      page(j, 'dealer-a', fp('offset-100'), fp('offset-200'));
      page(j, 'dealer-a', fp('offset-200'), null);
    }
    const standings = standingsOf(j);
    expect(standings['C4.4-03']).toBe('passed');
    expect(standings['C4.4-04']).toBe('not exercised');
  });

  // Two workers sharing a token, each its crawl of one listing (the server's tokens the same in
  // both). The sandbox held the fast worker's request for T3 longer than the worker waited: the
  // worker asked again, read on to the end, and the held request was journaled afterwards. The
  // slow worker then met an edge's 502 on T3 and asked again: its own crawl, not the ended one.
  test('a held request journaled after its crawl ended leaves the crawl waiting on nothing: a slower worker retrying the same token is no crawl past its end (C4.4-03)', () => {
    const j = new JournalBuilder('client-held-request');
    const ask = { bearer: fp('token-shared'), fetch_size: 10 };
    const pageOfTen = (next: string) => ({ page: { items: 10, next_token: next } });
    const lastPage = { page: { items: 4, next_token: null } };
    j.listing({ ...ask, page_token: null }, pageOfTen(fp('t-2')));
    j.wait(100);
    j.listing({ ...ask, page_token: fp('t-2') }, pageOfTen(fp('t-3')));
    j.wait(100);
    j.listing({ ...ask, page_token: null }, pageOfTen(fp('t-2')));
    // The fast worker's request for T3 came at 300 ms; it asked again at 3,400 ms.
    j.at(3400);
    j.listing({ ...ask, page_token: fp('t-3') }, pageOfTen(fp('t-4')));
    j.wait(300);
    j.listing({ ...ask, page_token: fp('t-4') }, lastPage);
    // The held request, journaled when the sandbox closed it (8 s after it came).
    j.at(300);
    j.listing({ ...ask, page_token: fp('t-3'), duration_ms: 8000 }, { status: 0, reason: 'timeout' });
    j.at(8500);
    j.listing({ ...ask, page_token: fp('t-2') }, pageOfTen(fp('t-3')));
    j.wait(300);
    j.listing({ ...ask, page_token: fp('t-3'), duration_ms: 2 }, { status: 502 });
    j.wait(500);
    j.listing({ ...ask, page_token: fp('t-3') }, pageOfTen(fp('t-4')));
    j.wait(300);
    j.listing({ ...ask, page_token: fp('t-4') }, lastPage);
    expect(standingsOf(j)['C4.4-03']).toBe('passed');
  });

  test('a dealer whose crawl goes on past its null while another dealer is crawled still fails C4.4-03', () => {
    const j = new JournalBuilder('client-past-null');
    page(j, 'dealer-a', null, fp('a-2'));
    page(j, 'dealer-b', null, fp('b-2'));
    page(j, 'dealer-a', fp('a-2'), null);
    page(j, 'dealer-a', fp('a-2'), null);
    page(j, 'dealer-b', fp('b-2'), null);
    expect(standingsOf(j)['C4.4-03']).toBe('failed');
  });

  // Workers sharing one token, each crawling the same listing on its own connection, against a
  // server whose next_token names the page just fetched: each worker stops at the cycle it met.
  test('workers sharing a token, each its own crawl of one listing, each stopping at a cycle: no re-fetch (C4.4-04)', () => {
    const j = new JournalBuilder('client-cycle-workers');
    page(j, 'dealer-a', null, fp('t-1'), 'c7');
    page(j, 'dealer-a', fp('t-1'), fp('t-1'), 'c7');
    page(j, 'dealer-a', null, fp('t-1'), 'c9');
    page(j, 'dealer-a', fp('t-1'), fp('t-1'), 'c9');
    expect(standingsOf(j)['C4.4-04']).toBe('passed');
  });

  test('a worker following the cycle while another crawls the same listing is still seen going round (C4.4-04)', () => {
    const j = new JournalBuilder('client-cycle-follower');
    page(j, 'dealer-a', null, fp('t-1'), 'c7');
    page(j, 'dealer-a', fp('t-1'), fp('t-1'), 'c7');
    page(j, 'dealer-a', null, fp('t-1'), 'c9');
    page(j, 'dealer-a', fp('t-1'), fp('t-1'), 'c9');
    page(j, 'dealer-a', fp('t-1'), fp('t-1'), 'c7');
    expect(standingsOf(j)['C4.4-04']).toBe('advisory');
  });
});
