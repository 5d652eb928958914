import { join } from 'node:path';
import { pathKey, unreachedPaths } from './catalog-tree.js';
import { readProfile, targetIdentity } from './profile.js';
import { type Environment, environment, settingsOf } from '../../config/environment.js';

/**
 * CONFORMANCE_CATALOG_BUDGET: the most catalog requests one run's snapshot may send, as its
 * declaration reads it (a wrong one stops the run's start with the declared problem line).
 */
export function catalogBudget(env: Environment = environment()): number {
  return settingsOf(env).CONFORMANCE_CATALOG_BUDGET;
}

/**
 * The lookups the last run did not reach, to make first: from CONFORMANCE_BASELINE (the nightly
 * keeps the last night's profile there), else from the previous run's reports/observed.json, when
 * either is a readable profile of this target. Empty when neither is.
 */
export function previouslyUnreached(env: Environment = environment()): Set<string> {
  const target = targetIdentity(env);
  const { CONFORMANCE_BASELINE, REPORTS_DIR } = settingsOf(env);
  const candidates = [CONFORMANCE_BASELINE, join(REPORTS_DIR, 'observed.json')];
  for (const path of candidates) {
    if (path === undefined || path === '') continue;
    const read = readProfile(path, target);
    if ('profile' in read && read.profile.catalog !== null)
      return new Set(unreachedPaths(read.profile.catalog).map(pathKey));
  }
  return new Set();
}
