import { expect, test } from '@playwright/test';
import type { KeptRow, RowJournal } from '../sandbox/persist/journal.js';
import type { Ad } from '../sandbox/store/ad.js';
import { AdStore } from '../sandbox/store/ads.js';
import { ADS_PER_ROW } from '../sandbox/store/kept-ads.js';

/**
 * The ads are kept in rows of ADS_PER_ROW under a head row (sandbox/store/kept-ads.ts), written in
 * order across turns of the event loop (sandbox/persist/persistence.ts). A process killed at any
 * point leaves a prefix of the changes in the file: each prefix must read back as one whole set,
 * the old one or the new one, never a mix, nor a set with a row missing.
 */
type Change = (rows: Map<string, unknown>) => void;

/** A journal that records the changes, to be applied to rows up to any point. */
function recordingJournal(changes: Change[]): RowJournal {
  return {
    put: (key, value) => changes.push((rows) => rows.set(key, JSON.parse(JSON.stringify(value)) as unknown)),
    delete: (key) => changes.push((rows) => rows.delete(key)),
    deletePrefix: (prefix) =>
      changes.push((rows) => {
        for (const key of [...rows.keys()]) if (key.startsWith(prefix)) rows.delete(key);
      }),
    written: () => Promise.resolve(),
  };
}

const adsOf = (prefix: string, count: number): Ad[] =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}-${index}`, status: 'pending_review' }));

function reread(rows: Map<string, unknown>): AdStore {
  const store = new AdStore();
  store.loadRows([...rows.entries()] as KeptRow[]);
  return store;
}

const LOGIN = 'kept-ads-user';

function found(store: AdStore, id: string): Ad {
  const ad = store.find(LOGIN, id);
  if (ad === undefined) throw new Error(`set-up: no ad ${id}`);
  return ad;
}

const setOf = (key: string): unknown => (JSON.parse(key) as unknown[])[2];

test('a replaced set read back from any point of its writing is the old set or the new one, whole, with its statuses', () => {
  const changes: Change[] = [];
  const store = new AdStore();
  store.journal = recordingJournal(changes);
  store.replace(LOGIN, adsOf('old', 2 * ADS_PER_ROW + 500));
  store.changeStatus(LOGIN, found(store, 'old-1'), 'published');
  const before = new Map<string, unknown>();
  for (const change of changes.splice(0)) change(before);

  store.replace(LOGIN, adsOf('new', ADS_PER_ROW + 200));
  store.changeStatus(LOGIN, found(store, 'new-5'), 'deleted');
  expect(store.add(LOGIN, { id: 'added-1', status: 'published' }, Number.MAX_SAFE_INTEGER)).toBe(true);
  expect(changes.length, 'the new set is more than one change').toBeGreaterThan(3);

  for (let cut = 0; cut <= changes.length; cut += 1) {
    const rows = new Map(before);
    for (const change of changes.slice(0, cut)) change(rows);
    const ads = reread(rows).view(LOGIN, undefined);
    const ids = ads.map((ad) => ad.id);
    const isOld = ids.length === 2 * ADS_PER_ROW + 500 && ids.every((id) => id.startsWith('old-'));
    const isNew = ids[0] === 'new-0' && ids.every((id) => !id.startsWith('old-'));
    expect(isOld || isNew, `after ${cut} of ${changes.length} changes: ${ids.length} ads`).toBe(true);
    if (isOld) expect(ads[1]?.status, `old-1's status after ${cut} changes`).toBe('published');
  }

  const after = new Map(before);
  for (const change of changes) change(after);
  const final = reread(after);
  expect(final.view(LOGIN, undefined).map((ad) => ad.id)).toEqual([
    ...adsOf('new', ADS_PER_ROW + 200).map((ad) => ad.id),
    'added-1',
  ]);
  expect(final.find(LOGIN, 'new-5')?.status, 'a status changed in the new set').toBe('deleted');
  expect(
    [...after.keys()].filter((key) => setOf(key) === 1),
    "the old set's rows are gone",
  ).toEqual([]);
});

test('a set whose writing was cut short is deleted with the next one, and its number is never reused', () => {
  const changes: Change[] = [];
  const store = new AdStore();
  store.journal = recordingJournal(changes);
  store.replace(LOGIN, adsOf('first', 10));
  store.replace(LOGIN, adsOf('cut', 3 * ADS_PER_ROW));
  const rows = new Map<string, unknown>();
  // Everything of the first set, and the first row of the second, which no head names yet.
  for (const change of changes.slice(0, 3)) change(rows);
  const restarted = reread(rows);
  expect(restarted.view(LOGIN, undefined).map((ad) => ad.id)).toEqual(adsOf('first', 10).map((ad) => ad.id));

  const later: Change[] = [];
  restarted.journal = recordingJournal(later);
  restarted.replace(LOGIN, adsOf('third', 5));
  for (const change of later) change(rows);
  const sets = new Set([...rows.keys()].map(setOf));
  expect([...sets], 'rows of the set in force only (the head has none)').toEqual([undefined, 3]);
  expect(
    reread(rows)
      .view(LOGIN, undefined)
      .map((ad) => ad.id),
  ).toEqual(adsOf('third', 5).map((ad) => ad.id));
});
