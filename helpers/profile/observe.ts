import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Environment, environment, settings, settingsOf } from '../../config/environment.js';

/**
 * Where each Playwright worker writes what it saw of the target, one JSON line per observation:
 * appended by the worker that sees it (tests run in several), read once by the profile reporter at
 * the run's end (profile-reporter.ts). A file per worker process: appends never interleave.
 */
export function observationsDir(env: Environment = environment()): string {
  return join(settingsOf(env).REPORTS_DIR, 'observed-parts');
}

/** A JSON value: what an observation holds, already normalized (no id, token, time, port or host). */
export type Observed = string | number | boolean | null | Observed[] | { [key: string]: Observed };

export interface Observation {
  area: string;
  key: string;
  value: Observed;
}

/**
 * Records that the target answered `value` for `key` of `area` (a choice the specification leaves
 * open). Only in a test worker: global set-up, scripts and benchmarks that use the same clients
 * write nothing. The same key seen with several values keeps them all (profile.ts).
 */
export function observe(area: string, key: string, value: Observed): void {
  if (settings().TEST_WORKER_INDEX === undefined) return;
  const dir = observationsDir();
  mkdirSync(dir, { recursive: true });
  const line: Observation = { area, key, value };
  appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
}
