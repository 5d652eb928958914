import { existsSync, readFileSync, statSync } from 'node:fs';
import {
  flawText,
  observedProfileFlaw,
  OBSERVED_PROFILE_FORMAT,
  PROFILE_LIMITS,
} from '../../spec/observed-profile.js';
import type { CatalogSnapshot } from './catalog-tree.js';
import type { Observation, Observed } from './observe.js';
import { environment, settingsOf, type Environment } from '../../config/environment.js';

/** The format of observed.json: a baseline of another format is refused, never compared. */
export const PROFILE_FORMAT = OBSERVED_PROFILE_FORMAT;
/** The area whose single key holds the catalog snapshot (helpers/clients/catalog-walk.ts). */
export const CATALOG_AREA = 'catalog';
export const SNAPSHOT_KEY = 'snapshot';
/** Facts about the run itself (how many catalog requests): in the file, never compared. */
export const RUN_AREA = 'run';

/**
 * What a run saw of its target: per area, per key, the value seen, or the sorted values when the
 * same key was seen with several. `observedAt` is the only per-run line: two runs against an
 * unchanged target write files that differ in it and in `run` alone.
 */
export interface Profile {
  format: typeof PROFILE_FORMAT;
  /** Which target: a baseline of another is refused. */
  target: string;
  observedAt: string;
  run: Record<string, Observed>;
  catalog: CatalogSnapshot | null;
  areas: Record<string, Record<string, Observed>>;
}

/** The target's name: CONFORMANCE_TARGET_NAME, else the embedded sandbox, else its two origins. */
export function targetIdentity(env: Environment = environment()): string {
  const named = env.CONFORMANCE_TARGET_NAME?.trim();
  if (named !== undefined && named !== '') return named;
  const auth = env.TARGET_AUTH_URL?.trim();
  // The embedded sandbox listens on new ports each run: it is one target whatever they are.
  if (auth === undefined || auth === '' || settingsOf(env).CONFORMANCE_EMBEDDED_SANDBOX)
    return 'embedded sandbox';
  const origin = (url: string | undefined): string => {
    try {
      return new URL(url ?? '').origin;
    } catch {
      return '(invalid)';
    }
  };
  return `${origin(auth)} ${origin(env.TARGET_APPS_URL?.trim() || auth)}`;
}

/** A canonical text of a JSON value (keys sorted at every depth): equal values, equal texts. */
export function canonical(value: Observed): string {
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: Observed): Observed {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key] as Observed)]),
  );
}

/** The profile of a run's observations, whatever order the workers made them in. */
export function buildProfile(
  observations: readonly Observation[],
  target: string,
  observedAt: string,
): Profile {
  const seen = new Map<string, Map<string, Map<string, Observed>>>();
  for (const { area, key, value } of observations) {
    const keys = seen.get(area) ?? new Map<string, Map<string, Observed>>();
    seen.set(area, keys);
    const values = keys.get(key) ?? new Map<string, Observed>();
    keys.set(key, values);
    values.set(canonical(value), sortedKeys(value));
  }
  const areaOf = (name: string): Record<string, Observed> =>
    Object.fromEntries(
      [...(seen.get(name) ?? new Map<string, Map<string, Observed>>())]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, values]) => [key, oneOrAll(values)]),
    );
  const areaNames = [...seen.keys()].filter((name) => name !== RUN_AREA && name !== CATALOG_AREA).sort();
  const snapshot = seen.get(CATALOG_AREA)?.get(SNAPSHOT_KEY);
  return {
    format: PROFILE_FORMAT,
    target,
    observedAt,
    run: areaOf(RUN_AREA),
    catalog: snapshot === undefined ? null : ([...snapshot.values()][0] as unknown as CatalogSnapshot),
    areas: Object.fromEntries(areaNames.map((name) => [name, areaOf(name)])),
  };
}

/** One value as itself; several as their sorted list (by canonical text). */
function oneOrAll(values: Map<string, Observed>): Observed {
  const sorted = [...values.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, value]) => value);
  return sorted.length === 1 ? (sorted[0] as Observed) : { 'several values': sorted };
}

export type ProfileRead = { profile: Profile } | { problem: string };

/**
 * A profile from a file, or why it cannot be compared: unreadable, too large, not JSON, another
 * format, a place of the wrong shape (spec/observed-profile.ts names it), or another target when
 * `target` is given. Never a throw: every input file is hostile.
 */
export function readProfile(path: string, target?: string): ProfileRead {
  if (!existsSync(path)) return { problem: `${path} does not exist` };
  let parsed: unknown;
  try {
    if (statSync(path).size > PROFILE_LIMITS.fileBytes)
      return { problem: `${path} is over ${PROFILE_LIMITS.fileBytes} bytes: not a profile` };
    parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    return {
      problem: `${path} is not readable JSON (${error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 200) : 'unreadable'})`,
    };
  }
  const flaw = observedProfileFlaw(parsed);
  if (flaw?.place === '/format') return { problem: `${path} is of format ${flaw.problem}` };
  const candidate = parsed as Record<string, unknown>;
  const complete =
    typeof candidate.target === 'string' &&
    typeof candidate.observedAt === 'string' &&
    isObject(candidate.areas) &&
    isObject(candidate.run) &&
    (candidate.catalog === null || isObject(candidate.catalog));
  if (!complete) return { problem: `${path} is not a complete profile (a field is missing or mistyped)` };
  if (flaw !== undefined) return { problem: `${path} ${flawText(flaw)}` };
  if (target !== undefined && candidate.target !== target)
    return { problem: `${path} is a profile of ${String(candidate.target)}, not of ${target}` };
  return { profile: candidate as unknown as Profile };
}

/** The file as written: two-space JSON and a final newline. */
export function profileText(profile: Profile): string {
  return `${JSON.stringify(profile, null, 2)}\n`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
