import { expect, test } from '@playwright/test';
import type { RequestRecord } from '../spec/journal.js';
import { failedIds } from './support/card-standings.js';
import { fp, JournalBuilder, LISTING } from './broken-clients/journal-builder.js';

/**
 * One mistake, one line (report-card/same-mistake.ts): a refusal another requirement's mistake
 * caused is that requirement's evidence, however many times the client makes it, and
 * `page_token=null` (a null next_token printed) fails C4.4-03 alone. The twins: a second, unrelated
 * mistake is still a line of its own.
 */

const REDIRECT_URI = 'https://client.example/callback';

function tokenRequest(j: JournalBuilder, fields: Partial<RequestRecord>, refused?: string): RequestRecord {
  return j.wait(400).request({
    endpoint: 'token',
    method: 'POST',
    path: '/oauth/token',
    scheme: 'https',
    credentials: { secret_in: ['body'] },
    params: {
      code: fp(`code-${j.records.length}`),
      redirect_uri: REDIRECT_URI,
      grant_type: 'authorization_code',
    },
    status: refused === undefined ? 200 : refused === 'invalid_client' ? 401 : 400,
    ...(refused === undefined ? {} : { reason: refused }),
    ...fields,
  });
}

function authorization(j: JournalBuilder, scope: string, refused?: string): RequestRecord {
  return j.wait(400).request({
    endpoint: 'authorize',
    method: 'GET',
    path: '/oauth',
    scheme: 'https',
    query: { client_id: j.clientId },
    params: { redirect_uri: REDIRECT_URI, state_present: true, scope },
    status: 302,
    ...(refused === undefined ? {} : { reason: refused, answer: { code: null, redirected: true } }),
  });
}

function page(
  j: JournalBuilder,
  pageToken: string | null,
  next: string | null,
  refused = false,
): RequestRecord {
  return j.wait(300).request({
    ...LISTING,
    login: 'dealer-a',
    credentials: { bearer: fp('token') },
    params: { fetch_size: 10, ads_status: null, page_token: pageToken },
    status: refused ? 400 : 200,
    ...(refused ? { reason: 'BAD_REQUEST' } : { answer: { items: 10, next_token: next } }),
  });
}

test.describe('one mistake, one line (report-card/same-mistake.ts)', () => {
  test('the secret in the query string of every token request, each refused invalid_client: C5-01 alone, not C7-01', () => {
    const j = new JournalBuilder('client-secret-in-query');
    for (let round = 0; round < 3; round += 1)
      tokenRequest(j, { credentials: { secret_in: ['query'] } }, 'invalid_client');
    expect(failedIds(j)).toEqual(['C5-01']);
  });

  test('HTTP Basic on every token request, each refused invalid_client: C5-01 alone', () => {
    const j = new JournalBuilder('client-basic');
    for (let round = 0; round < 3; round += 1)
      tokenRequest(j, { credentials: { basic: true } }, 'invalid_client');
    expect(failedIds(j)).toEqual(['C5-01']);
  });

  test('a comma-separated scope on every authorization request, each refused invalid_scope: C5-02 alone', () => {
    const j = new JournalBuilder('client-comma-scope');
    for (let round = 0; round < 3; round += 1)
      authorization(j, 'autoupload,basic_user_info', 'invalid_scope');
    expect(failedIds(j)).toEqual(['C5-02']);
  });

  test('twin: a comma-separated scope and, apart, an exchange refused for a wrong secret: C5-02 and C7-01, one line each', () => {
    const j = new JournalBuilder('client-two-mistakes');
    authorization(j, 'autoupload,basic_user_info', 'invalid_scope');
    authorization(j, 'autoupload,basic_user_info', 'invalid_scope');
    tokenRequest(j, {}, 'invalid_client');
    expect(failedIds(j)).toEqual(['C5-02', 'C7-01']);
  });

  test('page_token=null (a null next_token printed) fails C4.4-03 alone, not C4.4-01', () => {
    const j = new JournalBuilder('client-null-printed');
    page(j, null, fp('page-2'));
    page(j, fp('page-2'), null);
    page(j, fp('null'), null, true);
    expect(failedIds(j)).toEqual(['C4.4-03']);
  });

  test('twin: a page_token made up at the start of a crawl fails C4.4-01', () => {
    const j = new JournalBuilder('client-made-up-token');
    page(j, fp('made-up'), null, true);
    expect(failedIds(j)).toEqual(['C4.4-01']);
  });
});
