import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { FAR_WORKERS, measuredRoundTripMs, workersFor } from '../helpers/target/round-trip.js';

/**
 * How far the target is, timed before the run: a server that takes 60 ms to answer times at 60 ms
 * or more and gets the far target's workers; one at home gets two; CONFORMANCE_WORKERS always wins;
 * a target that cannot be timed gets the usual two (the preflight says why it cannot be reached).
 */
/**
 * A server in a process of its own that answers after `ms` (the timing blocks this process while it
 * runs, as it blocks the configuration's).
 */
async function serverAnsweringAfter(ms: number): Promise<{ url: string; stop: () => void }> {
  const source = `require('node:http').createServer((q, r) => setTimeout(() => r.end('{}'), ${ms}))
    .listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port)); });`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => {
    child.stdout.once('data', (chunk: Buffer) => {
      resolve(chunk.toString().trim());
    });
  });
  return { url: `http://127.0.0.1:${port}/autoupload/v1/published`, stop: () => child.kill() };
}

test('a far target is timed as far and gets more workers; one at home, two', async () => {
  const far = await serverAnsweringAfter(60);
  const near = await serverAnsweringAfter(0);
  try {
    const farMs = measuredRoundTripMs(far.url, undefined);
    const nearMs = measuredRoundTripMs(near.url, undefined);
    expect(farMs).toBeGreaterThanOrEqual(55);
    expect(nearMs).toBeLessThan(40);
    expect(workersFor(undefined, farMs)).toBe(FAR_WORKERS);
    expect(workersFor(undefined, nearMs)).toBe(2);
    expect(workersFor(3, farMs)).toBe(3);
  } finally {
    far.stop();
    near.stop();
  }
});

test('a target that cannot be timed gets the usual workers', () => {
  expect(measuredRoundTripMs('http://127.0.0.1:1/autoupload/v1/published', undefined)).toBeNull();
  expect(workersFor(undefined, null)).toBe(2);
});
