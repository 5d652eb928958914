import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SCHEMA_VERSION } from '../sandbox/persist/data-file.js';
import { startSandbox } from '../sandbox/start.js';
import { withDataFile } from './support/data-file.js';
import { actors } from './support/hostile.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A data folder of an earlier release (schema version 1: a user's ads in one row, a row per status
 * changed since) is converted at start (sandbox/state/version-1.ts): the client, the user and
 * the ads are there, each status as last changed, and the file is of this version after.
 */

const KEY = 'kept-version-1-control-key';
const ADS = [
  { id: 'v1-ad-1', status: 'pending_review' },
  { id: 'v1-ad-2', list_id: '2002', status: 'published' },
];

/** Rewrites the ads of a version 2 file as version 1 kept them, the second ad's status changed since. */
function asVersion1(dataDir: string, login: string): void {
  withDataFile(dataDir, (db) => {
    db.exec('BEGIN');
    db.run("DELETE FROM rows WHERE store = 'ads'");
    db.run("INSERT INTO rows (store, key, value) VALUES ('ads', ?, ?)", [
      JSON.stringify(['set', login]),
      JSON.stringify(ADS),
    ]);
    db.run("INSERT INTO rows (store, key, value) VALUES ('ads', ?, ?)", [
      JSON.stringify(['status', login, 'v1-ad-2']),
      JSON.stringify('refused'),
    ]);
    db.exec('PRAGMA user_version = 1; COMMIT');
  });
}

const versionOf = (dataDir: string): number =>
  withDataFile(dataDir, (db) => Number(db.get('PRAGMA user_version')?.user_version));

test('a data file of schema version 1 is converted at start: clients, users and ads kept, statuses as last changed', async () => {
  test.setTimeout(patient(60_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'kept-version-1-'));
  try {
    const first = await startSandbox({ controlKey: KEY, dataDir, fresh: true });
    const actor = actors(first);
    first.state.ads.replace(
      actor.login,
      ADS.map((ad) => ({ ...ad })),
    );
    await first.close();
    asVersion1(dataDir, actor.login);

    for (const start of ['converted', 'again']) {
      const sandbox = await startSandbox({ controlKey: KEY, dataDir, fresh: false });
      try {
        expect(sandbox.state.clients.find(actor.clientId), `${start}: the client`).toBeDefined();
        expect(sandbox.state.users.has(actor.login), `${start}: the user`).toBe(true);
        expect(
          sandbox.state.ads.view(actor.login, undefined).map((ad) => `${ad.id} ${ad.status}`),
          `${start}: the ads`,
        ).toEqual(['v1-ad-1 pending_review', 'v1-ad-2 refused']);
      } finally {
        await sandbox.close();
      }
      expect(versionOf(dataDir), `${start}: the file's version`).toBe(SCHEMA_VERSION);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
