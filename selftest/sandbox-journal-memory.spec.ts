import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, test } from '@playwright/test';
import type { RequestRecord } from '../spec/journal.js';
import { Journal } from '../sandbox/journal/journal.js';

/**
 * Bounded memory over hours (`npm run bench:soak`): the journal's rings are the largest thing the
 * sandbox keeps, bounded in bytes of their JSON lines, so a kept record must cost the heap about its
 * line. Each cost twice that: its object had a hidden class of its own (made by a spread) and its
 * line was a tree of JSON.stringify's pieces. The heap is measured after full collections: a count
 * of bytes, not a time.
 */
const RECORDS = 20_000;

/** A full collection, reached at run time (the worker was not started with --expose-gc). */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function record(index: number): Omit<RequestRecord, 'seq' | 'at'> {
  return {
    kind: 'request',
    client_id: 'cl_memory',
    login: 'user_memory',
    endpoint: 'listing',
    method: 'GET',
    path: '/autoupload/v1/published',
    scheme: 'http',
    query: { fetch_size: '100', page_token: `fp:${index.toString(16).padStart(16, '0')}` },
    credentials: { bearer: `fp:${(index * 7).toString(16).padStart(16, '0')}` },
    status: 200,
    duration_ms: 1,
  };
}

test('a kept journal record costs the heap less than one and a half times its JSON line', () => {
  const journal = new Journal(true, null, { ringSize: RECORDS, ringBytes: 64 * 1024 * 1024 });
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let index = 0; index < RECORDS; index += 1) journal.add(record(index));
  collect();
  const perRecord = (process.memoryUsage().heapUsed - before) / RECORDS;
  const linePerRecord = journal.bytesHeld / RECORDS;
  expect(linePerRecord).toBeGreaterThan(200);
  expect(perRecord / linePerRecord).toBeLessThan(1.5);
});
