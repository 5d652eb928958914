import { execFileSync } from 'node:child_process';

/**
 * How far the target is, measured once before the run (the Playwright configuration is
 * synchronous, hence a child process): against a far target the tests mostly wait on the network,
 * and more workers overlap that waiting.
 */

/** A target whose round trip is this long or longer is far: its workers wait, they do not compute. */
export const FAR_ROUND_TRIP_MS = 40;
/**
 * Workers against a far target when CONFORMANCE_WORKERS is not set: waiting tests overlap, and four
 * tests at once stay a small part of any limit a marketplace states (production: 5,000 requests a
 * minute per address).
 */
export const FAR_WORKERS = 4;

/**
 * The probe, run by `node -e` with the URL and an optional CA file: four GETs of the URL on one
 * kept-alive connection, the median of the last three printed in ms (the first pays the handshakes).
 * It sends no credential and reads no body: any answer, even an error, times the round trip.
 */
const PROBE = `
const [url, caFile] = process.argv.slice(1);
const target = new URL(url);
const client = require(target.protocol === 'https:' ? 'node:https' : 'node:http');
const ca = caFile ? require('node:fs').readFileSync(caFile, 'utf8') : undefined;
const agent = new client.Agent({ keepAlive: true, maxSockets: 1, ...(ca ? { ca } : {}) });
const times = [];
const once = () => new Promise((resolve, reject) => {
  const started = performance.now();
  const request = client.get(target, { agent, timeout: 2000 }, (response) => {
    response.resume();
    response.on('end', () => resolve(performance.now() - started));
  });
  request.on('timeout', () => request.destroy(new Error('timeout')));
  request.on('error', reject);
});
(async () => {
  for (let index = 0; index < 4; index += 1) times.push(await once());
  const sorted = times.slice(1).sort((a, b) => a - b);
  console.log(sorted[1].toFixed(1));
  agent.destroy();
})().catch(() => process.exit(1));
`;

/** The target's round trip in ms, or null when it cannot be measured (the preflight says why). */
export function measuredRoundTripMs(appsUrl: string, caFile: string | undefined): number | null {
  try {
    const printed = execFileSync(process.execPath, ['-e', PROBE, appsUrl, caFile ?? ''], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const ms = Number(printed.trim());
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/** The workers of the run: as configured, else more against a far target than at home. */
export function workersFor(configured: number | undefined, roundTripMs: number | null): number {
  if (configured !== undefined) return configured;
  return roundTripMs !== null && roundTripMs >= FAR_ROUND_TRIP_MS ? FAR_WORKERS : 2;
}
