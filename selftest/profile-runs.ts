import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from '../embedded/run-suite.js';
import type { Change } from '../helpers/profile/change.js';
import type { Profile } from '../helpers/profile/profile.js';
import type { VariantName } from '../sandbox/variants.js';

/**
 * Nested runs for the drift self-tests. A narrowed suite: the files that observe what
 * the variants change (the catalog snapshot, the listing's errors, the token exchange).
 */
export const PROFILE_FILES = [
  'suites/catalog-snapshot.spec.ts',
  'suites/listing/errors.spec.ts',
  // The rate-limit check (the conformance-last project): the listing's RATE_LIMIT answer.
  'suites/listing/rate-limit.last.spec.ts',
  'suites/token/exchange.spec.ts',
];

export interface ProfileRun {
  dir: string;
  stdout: string;
  profile: Profile;
  observed: string;
  drift: Change[] | null;
}

/** One nested run of PROFILE_FILES, its reports kept in a folder of its own. */
export async function profileRun(
  options: { variants?: VariantName[]; env?: Record<string, string> } = {},
): Promise<ProfileRun> {
  const dir = mkdtempSync(join(tmpdir(), 'drift-selftest-'));
  const run = await runSuite({
    files: PROFILE_FILES,
    reportsDir: dir,
    workers: 2,
    timeoutMs: 240_000,
    ...(options.variants === undefined ? {} : { variants: options.variants }),
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  const observed = readFileSync(join(dir, 'observed.json'), 'utf8');
  let drift: Change[] | null;
  try {
    drift = JSON.parse(readFileSync(join(dir, 'drift.json'), 'utf8')) as Change[];
  } catch {
    drift = null;
  }
  return { dir, stdout: run.stdout, profile: JSON.parse(observed) as Profile, observed, drift };
}

/** The profile's text without its one per-run line. */
export function withoutDate(text: string): string {
  return text.replace(/^ {2}"observedAt": .*\n/m, '');
}

/** Each change as `area | key | kind | before -> after`, sorted: what a test expects. */
export function described(changes: readonly Change[] | null): string[] {
  return (changes ?? [])
    .map(
      (c) => `${c.area} | ${c.key} | ${c.kind} | ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)}`,
    )
    .sort();
}
