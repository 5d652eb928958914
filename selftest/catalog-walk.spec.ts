import { expect, test } from '@playwright/test';
import type { HttpExchange } from '../helpers/record/exchange.js';
import { pathKey, snapshotCounts, unreachedPaths } from '../helpers/profile/catalog-tree.js';
import { CatalogWalk } from '../helpers/clients/catalog-walk.js';

/**
 * The catalog snapshot's walk against a fake catalog: within its budget it
 * lists what it did not reach, a next walk makes those first, and RATE_LIMIT is waited out.
 */
const CATALOG: Record<string, Record<string, number | string>> = {
  '/autoupload/car_info': { Alpha: 1, Beta: 2 },
  '/autoupload/car_info/1': { A1: 11 },
  '/autoupload/car_info/2': { B1: 21 },
  '/autoupload/car_info/1/11': { v: 111 },
  '/autoupload/car_info/2/21': { w: 211 },
  '/autoupload/moto_info': {},
  '/autoupload/cellphone_info': {},
  '/autoupload/moto_cubiccms_info': { '1': '50' },
};

function answer(status: number, body: unknown): HttpExchange {
  return {
    request: { method: 'POST', url: 'https://apps.test', headers: {} },
    response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    durationMs: 1,
  };
}

/** A fake target that records the paths asked, refusing the first `limited` requests with RATE_LIMIT. */
function fakeTarget(limited = 0): { asked: string[]; send: (path: string) => Promise<HttpExchange> } {
  const asked: string[] = [];
  let refusals = limited;
  return {
    asked,
    send: (path) => {
      asked.push(path);
      if (refusals-- > 0)
        return Promise.resolve(
          answer(429, {
            reason: 'RATE_LIMIT',
            message: 'You have exceeded the 1 requests in 1 seconds limit!',
          }),
        );
      const data = CATALOG[path];
      return Promise.resolve(
        data === undefined ? answer(404, { reason: 'NOT_FOUND' }) : answer(200, { status: 'ok', data }),
      );
    },
  };
}

test.describe('the catalog snapshot walk', () => {
  test('the whole catalog within the budget: every entry, nothing unreached', async () => {
    const target = fakeTarget();
    const { snapshot, requests } = await new CatalogWalk(target.send, 100, new Set()).run();
    expect(requests).toBe(Object.keys(CATALOG).length);
    expect(snapshotCounts(snapshot)).toEqual({ entries: 7, unreached: 0 });
    expect(snapshot['motorcycle cubic capacities']?.children?.['50']?.id).toBe('1');
  });

  test('a short budget lists what it did not reach; the next walk makes those first', async () => {
    const first = await new CatalogWalk(fakeTarget().send, 7, new Set()).run();
    const missed = unreachedPaths(first.snapshot).map(pathKey);
    expect(missed).toEqual(['car / Beta / B1']);
    const next = fakeTarget();
    const second = await new CatalogWalk(next.send, 7, new Set(missed)).run();
    // The way to what the last walk missed, before anything else.
    expect(next.asked.slice(0, 3)).toEqual([
      '/autoupload/car_info',
      '/autoupload/car_info/2',
      '/autoupload/car_info/2/21',
    ]);
    // Two walks of 7 requests covered the catalog of 8 lookups between them.
    expect(unreachedPaths(second.snapshot).map(pathKey)).toEqual(['car / Alpha / A1']);
  });

  test('RATE_LIMIT is waited out and asked again, each request counted', async () => {
    const target = fakeTarget(1);
    const { snapshot, requests } = await new CatalogWalk(target.send, 100, new Set()).run();
    expect(requests).toBe(Object.keys(CATALOG).length + 1);
    expect(snapshotCounts(snapshot).unreached).toBe(0);
  });
});
