import { randomBytes } from 'node:crypto';
import { type Environment, environment, settingsOf } from '../../config/environment.js';

/**
 * Every notification configuration the suite creates names a receiver URL whose path holds this
 * segment, then the run's id: `/classifieds-conformance/<run id>/...`. On a real account that is
 * how a person, or `npm run cleanup`, recognises the suite's configurations (the token, the only
 * other free field, is a secret).
 */
export const MARKER_SEGMENT = 'classifieds-conformance';

/** Set by global setup so that all workers of one run share one id. */
export const RUN_ID_VARIABLE = 'CONFORMANCE_RUN_ID';

/** Sortable and unique: the UTC time the run started, and a random suffix. */
export function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

let fallbackRunId: string | undefined;

/** This run's id (one per process when the run was not started by global setup, as in self-tests). */
export function runId(env: Environment = environment()): string {
  const fromEnv = settingsOf(env)[RUN_ID_VARIABLE];
  if (fromEnv !== undefined) return fromEnv;
  fallbackRunId ??= newRunId();
  return fallbackRunId;
}

/** The path prefix every receiver URL of this run starts with. */
export function markerPath(env: Environment = environment()): string {
  return `/${MARKER_SEGMENT}/${runId(env)}`;
}

/** True when a configuration's url carries the marker, whatever the run. */
export function carriesMarker(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    return new URL(url).pathname.split('/').includes(MARKER_SEGMENT);
  } catch {
    return false;
  }
}
