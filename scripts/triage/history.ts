// The per-requirement history: one JSON line per night, every requirement with its verdict, kept
// beside Allure's history (the nightly carries the folder from night to night).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { VERDICT_ORDER, worse, type Verdict } from './night.js';

export const HISTORY_FORMAT = 'classifieds-requirement-history/1';
/** The file's name, in the folder of Allure's history.jsonl. */
export const HISTORY_FILE = 'requirements.jsonl';
/** Nights kept: as many as Allure's history (allurerc.mjs, historyLimit). */
export const NIGHTS_KEPT = 60;

export interface Night {
  format: typeof HISTORY_FORMAT;
  /** The night's name as the triage shows it ("failing since <night>"): its UTC date unless given. */
  night: string;
  verdicts: Record<string, Verdict>;
  /** Requirements of a test that failed and then passed on its immediate retry. */
  flaky: string[];
}

/** The requirement history beside Allure's history file. */
export function historyFileBeside(allureHistoryPath: string): string {
  return join(dirname(allureHistoryPath), HISTORY_FILE);
}

function isNight(value: unknown): value is Night {
  if (typeof value !== 'object' || value === null) return false;
  // Read from a file: any field may be missing or of another type.
  const night = value as { format?: unknown; night?: unknown; verdicts?: unknown; flaky?: unknown };
  return (
    night.format === HISTORY_FORMAT &&
    typeof night.night === 'string' &&
    typeof night.verdicts === 'object' &&
    night.verdicts !== null &&
    Object.values(night.verdicts).every((verdict) => VERDICT_ORDER.includes(verdict as Verdict)) &&
    Array.isArray(night.flaky)
  );
}

/** The nights of the file, oldest first; a line that is not a night (torn, another format) is left out. */
export function readHistory(path: string): Night[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line) as unknown;
        return isNight(parsed) ? [parsed] : [];
      } catch {
        return [];
      }
    });
}

/**
 * The history with tonight added: a night of the same name (a rerun of the same nightly) is
 * replaced, never counted twice; the oldest nights beyond NIGHTS_KEPT are dropped.
 */
export function withNight(history: readonly Night[], tonight: Night): Night[] {
  return [...history.filter((night) => night.night !== tonight.night), tonight].slice(-NIGHTS_KEPT);
}

export function writeHistory(path: string, nights: readonly Night[]): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, nights.map((night) => `${JSON.stringify(night)}\n`).join(''));
}

/**
 * Several records of one night made into one (the shards of a run, each of which saw a part of
 * the suite): per requirement the worst verdict, a `not run` shard saying nothing.
 */
export function mergeNights(parts: readonly Night[]): Night | undefined {
  const [first] = parts;
  if (first === undefined) return undefined;
  const verdicts: Record<string, Verdict> = {};
  for (const part of parts)
    for (const [id, verdict] of Object.entries(part.verdicts))
      verdicts[id] = worse(verdicts[id] ?? 'not run', verdict);
  const flaky = [...new Set(parts.flatMap((part) => part.flaky))];
  return { format: HISTORY_FORMAT, night: first.night, verdicts, flaky };
}

/**
 * Histories of the same nights merged (two copies carried apart, a shard's and the cache's): the
 * nights of every file by name, a night in several merged by mergeNights, ordered as first seen.
 */
export function mergeHistories(histories: ReadonlyArray<readonly Night[]>): Night[] {
  const byName = new Map<string, Night[]>();
  for (const night of histories.flat()) byName.set(night.night, [...(byName.get(night.night) ?? []), night]);
  return [...byName.values()].flatMap((parts) => {
    const merged = mergeNights(parts);
    return merged === undefined ? [] : [merged];
  });
}
