import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { withDataFile } from './support/data-file.js';
import { insertAd, startImportSandbox, type ImportSandbox } from './support/import-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The ad import keeps its state in a data folder (docs/sandbox-service.md): after a restart an
 * import's token still answers its ads' statuses, an ad's list_id still answers, the switches hold
 * their values, and a new accepted ad gets a list_id never given before; what the restarted
 * sandbox decides is kept in turn.
 */

type Ads = Record<string, { status: string; list_id?: string }>;

async function imported(
  box: ImportSandbox,
  token: string,
  ids: string[],
): Promise<{ importToken: string; ads: Ads }> {
  const answer = await box.put(
    token,
    ids.map((id) => insertAd(id)),
  );
  expect(answer.status, `set-up: the import ${JSON.stringify(answer.body)}`).toBe(200);
  const importToken = answer.body.token as string;
  return { importToken, ads: (await box.done(token, importToken)).ads as Ads };
}

const refusedIds = (box: ImportSandbox): unknown =>
  box.sandbox.state.adImport
    .switches()
    .find((one) => one.name === 'import-refused-ids')
    ?.get();

test('imports, their ads, list_ids and switches survive a restart, and what comes after is kept too', async () => {
  test.setTimeout(patient(60_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'kept-import-'));
  try {
    const first = await startImportSandbox({ dataDir, fresh: true });
    first.set('import-refused-ids', ['k2']);
    const { token } = first.user();
    const before = await imported(first, token, ['k1', 'k2']);
    expect(before.ads.k1?.status, 'set-up: k1 accepted').toBe('accepted');
    expect(before.ads.k2?.status, 'set-up: k2 refused').toBe('refused');
    const k1ListId = before.ads.k1?.list_id ?? '';
    await first.sandbox.close();

    const second = await startImportSandbox({ dataDir });
    let k3ListId = '';
    try {
      const again = await second.call('POST', `/autoupload/import/${before.importToken}`, { token });
      expect(again.body.ads, 'the import after a restart').toEqual(before.ads);
      const ad = await second.call('GET', `/autoupload/ads/${k1ListId}`, { bearer: token });
      expect(ad.body).toMatchObject({ id: 'k1', status: 'accepted', list_id: k1ListId });
      expect(refusedIds(second), 'a switch set before').toEqual(['k2']);
      const after = await imported(second, token, ['k3']);
      k3ListId = after.ads.k3?.list_id ?? '';
      expect(k3ListId, 'a new list_id').not.toBe('');
      expect(k3ListId, 'never one given before the restart').not.toBe(k1ListId);
    } finally {
      await second.sandbox.close();
    }

    const third = await startImportSandbox({ dataDir });
    try {
      const ad = await third.call('GET', `/autoupload/ads/${k3ListId}`, { bearer: token });
      expect(ad.body, 'an ad decided after the first restart').toMatchObject({
        id: 'k3',
        status: 'accepted',
      });
    } finally {
      await third.sandbox.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The file's import rows replaced by the one row an earlier release kept the whole import in. */
function asOneRow(dataDir: string, dump: unknown): void {
  withDataFile(dataDir, (db) => {
    db.exec("BEGIN; DELETE FROM rows WHERE store = 'import'");
    db.run("INSERT INTO rows (store, key, value) VALUES ('import', 'state', ?)", [JSON.stringify(dump)]);
    db.exec('COMMIT');
  });
}

function importKeys(dataDir: string): string[] {
  return withDataFile(dataDir, (db) =>
    db
      .all("SELECT key FROM rows WHERE store = 'import'")
      .map((row) => (typeof row.key === 'string' ? row.key : '')),
  );
}

test('an import kept as one row by an earlier release is read, then kept as rows', async () => {
  test.setTimeout(patient(60_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'kept-import-one-row-'));
  try {
    const first = await startImportSandbox({ dataDir, fresh: true });
    first.set('import-refused-ids', ['k2']);
    const { token } = first.user();
    const before = await imported(first, token, ['k1', 'k2']);
    const dump = first.sandbox.state.adImport.dump();
    await first.sandbox.close();
    asOneRow(dataDir, dump);

    const second = await startImportSandbox({ dataDir });
    try {
      const again = await second.call('POST', `/autoupload/import/${before.importToken}`, { token });
      expect(again.body.ads, 'the import read from the one row').toEqual(before.ads);
      expect(refusedIds(second)).toEqual(['k2']);
    } finally {
      await second.sandbox.close();
    }
    const keys = importKeys(dataDir);
    expect(keys, 'the one row is gone').not.toContain('state');
    expect(keys, 'a row per import and per ad').toEqual(
      expect.arrayContaining([
        JSON.stringify(['import', before.importToken]),
        expect.stringMatching(/^\["ad",".+","k1"\]$/),
        expect.stringMatching(/^\["ad",".+","k2"\]$/),
      ]),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an import the moderation had not decided when the sandbox stopped is decided after its restart', async () => {
  test.setTimeout(patient(60_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'kept-import-waiting-'));
  try {
    const first = await startImportSandbox({ dataDir, fresh: true });
    first.set('import-moderation-delay', 2);
    const { token } = first.user();
    const answer = await first.put(token, [insertAd('w1')]);
    expect(answer.status, 'set-up: the import').toBe(200);
    const importToken = answer.body.token as string;
    await first.sandbox.close();

    const second = await startImportSandbox({ dataDir });
    try {
      const decided = (await second.done(token, importToken)).ads as Ads;
      expect(decided.w1?.status, 'decided after the restart').toBe('accepted');
    } finally {
      await second.sandbox.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
