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

/**
 * One test a self-test expects a verdict of, named by its tags: every one of the requirement ids
 * (`ids`) where no sibling carries them all, else its case tag (`case`).
 */
export type TagSelection = { readonly ids: readonly string[] } | { readonly case: string };

/** Playwright --grep for the test the selection names. */
export function selectionGrep(selection: TagSelection): string {
  return 'case' in selection ? caseGrep([selection.case]) : everyRequirementGrep(selection.ids);
}

/** Whether a test with these tags (as a report writes them, without `@`) is the one the selection names. */
export function isSelected(tags: readonly string[], selection: TagSelection): boolean {
  return 'case' in selection
    ? tags.includes(`case:${selection.case}`)
    : selection.ids.every((id) => tags.includes(id));
}

/** How a report names the selection: its case, or its ids joined by `+`. */
export function selectionName(selection: TagSelection): string {
  return 'case' in selection ? `@case:${selection.case}` : selection.ids.map((id) => `@${id}`).join('+');
}
