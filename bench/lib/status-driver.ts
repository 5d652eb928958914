import { Pool } from 'undici';
import { TEST_HELPERS_PREFIX } from '../../spec/paths.js';

/** What a steady stream of status changes achieved. */
export interface DriveResult {
  sent: number;
  /** Answers other than 202, and connection errors. */
  errors: number;
  achievedPerSecond: number;
}

export interface DriveOptions {
  controlUrl: string;
  controlKey: string;
  login: string;
  adIds: readonly string[];
  perSecond: number;
  /** Stop after this many changes (default: until stopped). */
  limit?: number;
  /** Called as each change request goes out, with the changed ad. */
  onSend?: (adId: string) => void;
  /** Called as each change is answered 202 (acknowledged), with the changed ad. */
  onAcknowledged?: (adId: string) => void;
}

const TICK_MS = 5;
/** Several connections, so that one slow answer never holds the next change back. */
const CONNECTIONS = 8;

/**
 * Changes the status of a user's ads through the test helper at a steady rate: each tick sends every
 * change due by then, so a late timer costs a burst, never a lower rate (one timer per change, each
 * at least a millisecond, could not keep 1,000 a second). The ads are changed in turn, alternating
 * between published and pending_review, so every change is a real one and is delivered.
 */
export function driveStatusChanges(options: DriveOptions): {
  /** Resolves when `limit` changes have been answered. */
  finished: Promise<DriveResult>;
  stop: () => Promise<DriveResult>;
} {
  const pool = new Pool(options.controlUrl, { connections: CONNECTIONS });
  const limit = options.limit ?? Infinity;
  const startedAt = performance.now();
  let lastAnsweredAt = startedAt;
  let sent = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const change = (index: number): Promise<void> =>
    sendChange(pool, options, index)
      .then((accepted) => {
        if (!accepted) errors += 1;
      })
      .finally(() => (lastAnsweredAt = performance.now()));
  let reachedLimit: () => void = () => undefined;
  const limitReached = new Promise<void>((resolve) => (reachedLimit = resolve));
  const tick = (): void => {
    const due = Math.min(limit, Math.floor(((performance.now() - startedAt) / 1000) * options.perSecond));
    for (; sent < due; sent += 1) {
      const request = change(sent);
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    if (sent >= limit) reachedLimit();
  };
  const timer = setInterval(tick, TICK_MS);
  const stop = async (): Promise<DriveResult> => {
    clearInterval(timer);
    await Promise.all(inFlight);
    await pool.close();
    // Up to the last answer: a sandbox that falls behind shows as a lower rate.
    const seconds = (lastAnsweredAt - startedAt) / 1000;
    return { sent, errors, achievedPerSecond: Math.round(sent / Math.max(seconds, 1 / options.perSecond)) };
  };
  return { finished: limitReached.then(stop), stop };
}

/** The index-th change: the ads in turn, alternately published and pending_review; true when accepted (202). */
async function sendChange(pool: Pool, options: DriveOptions, index: number): Promise<boolean> {
  const adId = options.adIds[index % options.adIds.length] ?? '';
  const status = Math.floor(index / options.adIds.length) % 2 === 0 ? 'published' : 'pending_review';
  options.onSend?.(adId);
  try {
    const response = await pool.request({
      method: 'POST',
      path: `${TEST_HELPERS_PREFIX}/users/${encodeURIComponent(options.login)}/ads/${encodeURIComponent(adId)}/status`,
      headers: { 'x-sandbox-key': options.controlKey, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    await response.body.dump();
    if (response.statusCode !== 202) return false;
    options.onAcknowledged?.(adId);
    return true;
  } catch {
    return false;
  }
}
