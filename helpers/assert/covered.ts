import { test } from '@playwright/test';
import { insideTest } from '../report/report.js';
import { REQUIREMENT_ANNOTATION } from './covers.js';

/** The requirement ids a check names: one id or several. */
export type RequirementIds = string | readonly string[];

/**
 * The ids the running test `covers()`, read from its annotations: what a check names when it is
 * given none. A check must always name a requirement (the failure quotes it and `npm run mutants`
 * counts a fault killed by the ids in the message), so a test that covers none is an error here.
 */
export function coveredIds(): readonly string[] {
  const ids = insideTest()
    ? test
        .info()
        .annotations.filter(({ type }) => type === REQUIREMENT_ANNOTATION)
        .map(({ description }) => description ?? '')
        .filter((id) => id !== '')
    : [];
  if (ids.length === 0) {
    throw new Error('A check was given no requirement ids and the running test covers() none: name them.');
  }
  return ids;
}

/** The ids given, as a list; the running test's covered ids when none are given. */
export function idsOrCovered(ids?: RequirementIds): readonly string[] {
  if (ids === undefined) return coveredIds();
  return typeof ids === 'string' ? [ids] : ids;
}
