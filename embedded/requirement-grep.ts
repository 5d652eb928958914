// How a nested run or a command selects tests by the requirement ids `covers()` puts in their tags
// (`@R7.1-04`), never by a fragment of a title: a title can be reworded, a requirement id stays.
import { literalPattern } from '../helpers/report/reproduce.js';

/** A requirement id as written in a tag or a message, not a prefix of a longer one (R8-0 is not R8-04). */
export function idPattern(id: string): string {
  return `${literalPattern(id)}(?![\\d])`;
}

/** Playwright --grep for the tests tagged with any of the ids. */
export function requirementGrep(ids: readonly string[]): string {
  return ids.map((id) => `@${idPattern(id)}`).join('|');
}

/**
 * Playwright --grep for the tests tagged with every one of the ids (lookaheads, as Playwright's
 * documentation writes a logical AND of tags): one test where each id alone has siblings.
 */
export function everyRequirementGrep(ids: readonly string[]): string {
  return ids.map((id) => `(?=.*@${idPattern(id)})`).join('');
}

/**
 * Playwright --grep for the tests tagged `@case:<name>` with any of the names (helpers/assert/covers.ts,
 * asCase): one test among siblings that share every requirement id.
 */
export function caseGrep(names: readonly string[]): string {
  return names.map((name) => `@case:${literalPattern(name)}(?![\\w-])`).join('|');
}
