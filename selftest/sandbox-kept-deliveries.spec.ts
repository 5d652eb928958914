import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Persistence } from '../sandbox/persist/persistence.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import {
  changeStatus,
  configureHook,
  CONTROL_KEY,
  DeliveryReceiver,
  hookUser,
  type Arrival,
  type HookUser,
} from './support/delivery-receiver.js';
import { caller, send } from './support/hostile.js';

/**
 * Acknowledged means kept, for deliveries (docs/sandbox-service.md): an AD_STATUS delivery tells
 * its receiver that an ad changed, so it leaves only once that change is committed to the data
 * file. The file's writes are made observable and held at the persistence's seam `beforeCommit`
 * (a failing write, as a full disk fails): no delivery attempt is made while the change it
 * announces is not in the file, and the sandbox started again on the folder holds the status the
 * receiver was told. Before, the delivery was attempted in the turn of the change, before any
 * write, and went out while the file could not be written.
 */
test.describe.configure({ mode: 'default' });

const AD = 'kept-delivery-ad';

/** The file's commits as the persistence tries them: held (failing) while `held` is true. */
class ObservedWrites {
  held = false;
  committed = 0;
  private failedWrites = 0;
  private waiting: { count: number; resolve: () => void } | undefined;

  constructor(persistence: Persistence) {
    persistence.beforeCommit = () => {
      if (!this.held) {
        this.committed += 1;
        return;
      }
      this.failedWrites += 1;
      if (this.waiting !== undefined && this.failedWrites >= this.waiting.count) this.waiting.resolve();
      throw new Error('database or disk is full');
    };
  }

  /** Resolves once `count` writes more than now have failed (a retry is the event waited for). */
  failures(count: number): Promise<void> {
    const target = this.failedWrites + count;
    return new Promise((resolve) => {
      this.waiting = { count: target, resolve };
    });
  }
}

/** Each delivery attempt, with the commits made when it was started. */
function observedAttempts(sandbox: StartedSandbox, writes: ObservedWrites): number[] {
  const startedAfter: number[] = [];
  const deliverer = sandbox.state.deliverer;
  const attempt = deliverer.attempt;
  deliverer.attempt = (...args) => {
    startedAfter.push(writes.committed);
    return attempt(...args);
  };
  return startedAfter;
}

function statusOf(arrival: Arrival | undefined): unknown {
  const body = JSON.parse(arrival?.body ?? '{}') as { data?: { ad?: { status?: unknown } } };
  return body.data?.ad?.status;
}

/** A change written at once: its delivery's attempt started after the commit that held it. */
async function deliveredOnceWritten(sandbox: StartedSandbox, who: HookUser, seen: Observed): Promise<void> {
  const before = seen.writes.committed;
  await changeStatus(sandbox, who, AD, 'published');
  const [delivered] = await seen.receiver.waitFor('/kept', 1);
  expect(statusOf(delivered), 'set-up: the first change delivered').toBe('published');
  expect(seen.attempts, 'its attempt started after a commit that held the change').toHaveLength(1);
  expect(seen.attempts[0], 'commits when the attempt started').toBeGreaterThan(before);
}

/** A change that met a failing write: no attempt while it fails, one once it is written. */
async function heldWhileUnwritable(sandbox: StartedSandbox, who: HookUser, seen: Observed): Promise<void> {
  seen.writes.held = true;
  const retried = seen.writes.failures(2);
  const refused = await send(
    caller(sandbox),
    `${sandbox.appsUrl}${TEST_HELPERS_PREFIX}/users/${who.login}/ads/${AD}/status`,
    {
      method: 'POST',
      headers: { 'x-sandbox-key': CONTROL_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'refused' }),
    },
  );
  expect(refused.status, `the change that met the failing write: ${refused.body}`).toBe(503);
  // The change's own write and the persistence's retry of it have both failed.
  await retried;
  expect(seen.attempts, 'no attempt while the change is not in the file').toHaveLength(1);

  const committedAtRelease = seen.writes.committed;
  seen.writes.held = false;
  const arrivals = await seen.receiver.waitFor('/kept', 2);
  expect(statusOf(arrivals[1]), 'the change delivered once written').toBe('refused');
  expect(seen.attempts[1], 'its attempt started after the write that held it').toBeGreaterThan(
    committedAtRelease,
  );
}

interface Observed {
  writes: ObservedWrites;
  attempts: number[];
  receiver: DeliveryReceiver;
}

/** Both changes of the ad, on a sandbox keeping its state in `dataDir`; the ad's user. */
async function changesDelivered(dataDir: string, receiver: DeliveryReceiver, url: string): Promise<string> {
  const sandbox = await startSandbox({ controlKey: CONTROL_KEY, dataDir, fresh: true });
  try {
    const persistence = sandbox.persistence;
    if (persistence === undefined) throw new Error('set-up: no data folder');
    const writes = new ObservedWrites(persistence);
    const seen = { writes, attempts: observedAttempts(sandbox, writes), receiver };
    const who = hookUser(sandbox, [{ id: AD, list_id: '7000000001', status: 'pending_review' }]);
    await configureHook(sandbox, who, `${url}/kept`, 'kept-delivery-token');
    await deliveredOnceWritten(sandbox, who, seen);
    await heldWhileUnwritable(sandbox, who, seen);
    return who.login;
  } finally {
    await sandbox.close();
  }
}

test('an AD_STATUS delivery leaves only once the status change it announces is in the data file, however long the file cannot be written', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-kept-deliveries-'));
  const receiver = new DeliveryReceiver();
  const url = await receiver.start();
  const quiet = console.error;
  // The persistence says on stderr that the file cannot be written, then that it is again.
  console.error = () => undefined;
  try {
    const login = await changesDelivered(dataDir, receiver, url);
    const again = await startSandbox({ controlKey: CONTROL_KEY, dataDir });
    try {
      expect(
        again.state.ads.find(login, AD)?.status,
        'the sandbox started again holds the status the receiver was last told',
      ).toBe('refused');
    } finally {
      await again.close();
    }
  } finally {
    console.error = quiet;
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
