import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { environment } from '../../config/environment.js';

/**
 * On an account the suite did not make (account mode), every worker of a run shares the same ads:
 * delivery tests change the statuses of some of them while the listing's invariants compare crawls
 * with a reference crawl. Two rules keep them apart (docs/account-mode-isolation.md):
 *
 * - the ads a test may change are a pool set aside by id (`changePool`), split between workers; the
 *   crawls that compare statuses leave the pool out of every comparison;
 * - a status change and a crawl that compares never run at the same moment (`whileAccountHeld`):
 *   a change during a filtered crawl moves the ads after it from one page to another (page tokens
 *   are positions on many servers), so a stable ad could be skipped or repeated.
 *
 * The lock is a directory made atomically (mkdir) in the run's output folder, so it binds the run's
 * workers and no other run.
 */

/** Ads set aside for status changes, per worker of the run. */
export const CHANGE_POOL_PER_WORKER = 8;
/** A holder that has not let go after this long has died: its lock is taken over. */
const STALE_LOCK_MS = 180_000;
const POLL_MS = 50;

/**
 * The ids tests may change on an account of these ads: the first ids in sorted order, 8 per worker,
 * never more than half the account (the rest stays for the crawls to compare). Every worker computes
 * the same pool from the same listing, whatever the statuses are.
 */
export function changePool(ids: readonly string[], workers: number): ReadonlySet<string> {
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const size = Math.min(Math.floor(sorted.length / 2), CHANGE_POOL_PER_WORKER * Math.max(1, workers));
  return new Set(sorted.slice(0, size));
}

function lockPath(): string {
  return join(test.info().project.outputDir, '.account-status-lock');
}

function takeOver(path: string): void {
  try {
    if (Date.now() - statSync(path).mtimeMs > STALE_LOCK_MS) rmSync(path, { recursive: true, force: true });
  } catch {
    // Released meanwhile: the next try takes it.
  }
}

/**
 * Whether the run's tests share one account: a configured one, without test helpers. With the
 * helpers every test makes its own users and ads, and nothing needs holding.
 */
function accountShared(): boolean {
  return (environment().SANDBOX_CONTROL_KEY ?? '') === '';
}

/** Runs `work` while no status change (or comparing crawl) of another worker of the run runs. */
export async function whileAccountHeld<T>(work: () => Promise<T>): Promise<T> {
  if (!accountShared()) return work();
  const path = lockPath();
  mkdirSync(join(path, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      takeOver(path);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
}
