// C4.4-05: fetch_size, when sent, is a whole number from 1 to 200 (the default and maximum).
import type { JournalRecord } from '../../spec/journal.js';
import { MAX_PAGE_SIZE } from '../../spec/limits.js';
import { listingRequests } from '../listing.js';
import { paramOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

function isAllowedSize(value: string | number | boolean): boolean {
  const size = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE;
}

export function gradeFetchSize(records: readonly JournalRecord[]): Verdict {
  const requests = listingRequests(records);
  for (const request of requests) {
    const size = paramOf(request, 'fetch_size');
    if (size !== undefined && size !== null && !isAllowedSize(size))
      return failed(
        `listing request #${request.seq} sent fetch_size ${String(size)}: at most ${MAX_PAGE_SIZE}, a whole number from 1`,
        request,
      );
  }
  return passedIf(requests.length, 'listing request(s), fetch_size absent or 1 to 200', 'no listing request');
}
