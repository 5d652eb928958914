import { Pool } from 'undici';

/** What a steady stream of status changes achieved. */
export interface DriveResult {
  sent: number;
  /** Answers other than 202, and connection errors. */
  errors: number;
  achievedPerSecond: number;
}

const TICK_MS = 10;

/**
 * Changes the status of a user's ads through the test helper at a steady rate until stopped: each
 * tick sends every change due by then, so a late timer costs a burst, never a lower rate.
 */
export function driveStatusChanges(options: {
  controlUrl: string;
  controlKey: string;
  login: string;
  adIds: readonly string[];
  perSecond: number;
}): { stop: () => Promise<DriveResult> } {
  const pool = new Pool(options.controlUrl, { connections: 4 });
  const startedAt = performance.now();
  let sent = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const change = (index: number): Promise<void> => {
    const adId = options.adIds[index % options.adIds.length] ?? '';
    // Alternating statuses: every change is a real change, and each one is delivered.
    const status = Math.floor(index / options.adIds.length) % 2 === 0 ? 'published' : 'pending_review';
    return pool
      .request({
        method: 'POST',
        path: `/test_helpers/v1/users/${encodeURIComponent(options.login)}/ads/${encodeURIComponent(adId)}/status`,
        headers: { 'x-sandbox-key': options.controlKey, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode !== 202) errors += 1;
      })
      .catch(() => {
        errors += 1;
      });
  };
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * options.perSecond);
    for (; sent < due; sent += 1) {
      const request = change(sent);
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
  }, TICK_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      const seconds = (performance.now() - startedAt) / 1000;
      await Promise.all(inFlight);
      await pool.close();
      return { sent, errors, achievedPerSecond: Math.round(sent / seconds) };
    },
  };
}
