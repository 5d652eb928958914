import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapshotCounts } from './catalog-tree.js';
import type { Change } from './change.js';
import { profileChanges } from './drift.js';
import { driftLine, driftMarkdown } from './drift-markdown.js';
import type { Observation } from './observe.js';
import { buildProfile, profileText, readProfile, targetIdentity, type Profile } from './profile.js';
import { settingsOf } from '../../config/environment.js';

/** The files of a run's profile and comparison, under the reports folder. */
export function profileFiles(reportsDir: string): { observed: string; driftJson: string; driftMd: string } {
  return {
    observed: join(reportsDir, 'observed.json'),
    driftJson: join(reportsDir, 'drift.json'),
    driftMd: join(reportsDir, 'drift.md'),
  };
}

/** The workers' observation files, line by line; a torn last line (a killed worker) is skipped. */
export function readObservations(dir: string): Observation[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line) as Observation;
        return typeof parsed.area === 'string' && typeof parsed.key === 'string' ? [parsed] : [];
      } catch {
        return [];
      }
    });
}

export interface Comparison {
  /** The line the run ends with: the count of changes, or why there was no comparison. */
  line: string;
  changes: Change[] | null;
  baselineDate: string | null;
}

/**
 * Compares with CONFORMANCE_BASELINE when set (item 3): writes drift.json and drift.md. A baseline
 * that cannot be compared (item 4) gives one line and no files, never a count.
 */
export function compareWithBaseline(
  profile: Profile,
  reportsDir: string,
  env: NodeJS.ProcessEnv,
): Comparison | null {
  const files = profileFiles(reportsDir);
  rmSync(files.driftJson, { force: true });
  rmSync(files.driftMd, { force: true });
  const baseline = env.CONFORMANCE_BASELINE?.trim();
  if (baseline === undefined || baseline === '') return null;
  const read = readProfile(baseline, profile.target);
  if ('problem' in read)
    return {
      line: `drift: no comparison (CONFORMANCE_BASELINE: ${read.problem})`,
      changes: null,
      baselineDate: null,
    };
  const changes = profileChanges(read.profile, profile);
  const date = read.profile.observedAt;
  writeFileSync(files.driftJson, `${JSON.stringify(changes, null, 2)}\n`);
  writeFileSync(files.driftMd, driftMarkdown(changes, date));
  return { line: driftLine(changes.length, date), changes, baselineDate: date };
}

/**
 * Writes observed.json from the workers' observations; returns the profile. A run that observed
 * nothing (a listing, self-tests, a selection that never reached the target) writes nothing and
 * returns null: the profile there is a real run's, which calibration and fidelity read.
 */
export function writeProfile(
  observationsDir: string,
  reportsDir: string,
  observedAt: string,
): Profile | null {
  const observations = readObservations(observationsDir);
  if (observations.length === 0) return null;
  const profile = buildProfile(observations, targetIdentity(), observedAt);
  writeFileSync(profileFiles(reportsDir).observed, profileText(profile));
  return profile;
}

/** The line of a run that observed nothing: the profile before it kept. */
export function nothingObservedLine(path: string): string {
  return `Observed profile: nothing observed, ${path} left as it was`;
}

/** One line on what the profile holds, for the run's output. */
export function profileSummary(profile: Profile, path: string): string {
  const keys = Object.values(profile.areas).reduce((sum, area) => sum + Object.keys(area).length, 0);
  const catalog =
    profile.catalog === null
      ? 'no catalog snapshot'
      : `catalog ${snapshotCounts(profile.catalog).entries} entries, ${snapshotCounts(profile.catalog).unreached} lookups not reached`;
  const requests = profile.run['catalog requests'];
  return `Observed profile: ${path} (${keys} keys, ${catalog}${requests === undefined ? '' : `, ${JSON.stringify(requests)} catalog requests`})`;
}

/**
 * The drift line as the run's last line, read back from the files the reporter wrote (for the
 * command that runs Playwright and then the Allure report), and whether it fails the run.
 */
export function finalDriftLine(
  reportsDir: string,
  env: NodeJS.ProcessEnv,
): { line: string; fails: boolean } | null {
  const baseline = env.CONFORMANCE_BASELINE?.trim();
  if (baseline === undefined || baseline === '') return null;
  const read = readProfile(baseline);
  if ('problem' in read)
    return { line: `drift: no comparison (CONFORMANCE_BASELINE: ${read.problem})`, fails: false };
  const files = profileFiles(reportsDir);
  let changes: unknown;
  try {
    changes = JSON.parse(readFileSync(files.driftJson, 'utf8')) as unknown;
  } catch {
    return { line: 'drift: no comparison (the run wrote no drift.json: see the lines above)', fails: false };
  }
  const count = Array.isArray(changes) ? changes.length : 0;
  return {
    line: driftLine(count, read.profile.observedAt),
    fails: settingsOf(env).CONFORMANCE_DRIFT_FAILS && count > 0,
  };
}
