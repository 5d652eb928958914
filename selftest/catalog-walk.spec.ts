import { expect, test } from '@playwright/test';
import type { HttpExchange } from '../helpers/record/exchange.js';
import { pathKey, snapshotCounts, unreachedPaths } from '../helpers/profile/catalog-tree.js';
import { CatalogWalk } from '../helpers/clients/catalog-walk.js';

/**
 * The catalog snapshot's walk against a fake catalog: within its budget it lists what it did not
 * reach, a next walk makes those first, RATE_LIMIT is waited out, and lookups overlap within a bound.
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
function fakeTarget(
  limited = 0,
  latencyMs = 0,
): { asked: string[]; send: (path: string) => Promise<HttpExchange>; mostInFlight: () => number } {
  const asked: string[] = [];
  let refusals = limited;
  let inFlight = 0;
  let most = 0;
  const later = async (exchange: HttpExchange): Promise<HttpExchange> => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    inFlight -= 1;
    return exchange;
  };
  return {
    asked,
    mostInFlight: () => most,
    send: (path) => {
      asked.push(path);
      if (refusals-- > 0)
        return later(
          answer(429, {
            reason: 'RATE_LIMIT',
            message: 'You have exceeded the 1 requests in 1 seconds limit!',
          }),
        );
      const data = CATALOG[path];
      return later(
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
    const first = await new CatalogWalk(fakeTarget().send, 7, new Set(), 1).run();
    const missed = unreachedPaths(first.snapshot).map(pathKey);
    expect(missed).toEqual(['car / Beta / B1']);
    const next = fakeTarget();
    const second = await new CatalogWalk(next.send, 7, new Set(missed), 1).run();
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

  test('lookups overlap up to the bound, and never more', async () => {
    const target = fakeTarget(0, 20);
    const { snapshot } = await new CatalogWalk(target.send, 100, new Set(), 3).run();
    expect(snapshotCounts(snapshot)).toEqual({ entries: 7, unreached: 0 });
    // Four chains start together: three at once, the bound, never four.
    expect(target.mostInFlight()).toBe(3);
  });

  test('one RATE_LIMIT holds every lookup: nothing is sent during its pause', async () => {
    const target = fakeTarget(1, 5);
    const started = Date.now();
    const sentAt: number[] = [];
    const send = (path: string): Promise<HttpExchange> => {
      sentAt.push(Date.now() - started);
      return target.send(path);
    };
    const { requests } = await new CatalogWalk(send, 100, new Set(), 4).run();
    expect(requests).toBe(Object.keys(CATALOG).length + 1);
    // The first four went together; the refusal paused the rest for its second.
    const afterTheFirstFour = sentAt.slice(4);
    expect(Math.min(...afterTheFirstFour)).toBeGreaterThanOrEqual(1000);
  });
});
