import type { TestDetails } from '@playwright/test';
import { requirement } from '../../spec/requirements/catalogue.js';
import type { Requirement, Severity } from '../../spec/requirements/types.js';
import { pathTag, type Path } from '../../spec/requirements/paths.js';
import { sectionTitle } from '../report/spec-link.js';
import { preflightAnnotations } from '../target/broken-environment.js';

/** The annotation naming one covered requirement (allure-playwright makes it a label). */
export const REQUIREMENT_ANNOTATION = 'allure.label.requirement';

const SEVERITY_ORDER: readonly Severity[] = ['blocker', 'critical', 'normal', 'minor'];

/**
 * The details of a test that checks the given requirements: a tag per id (so `--grep @R4.2-08`
 * runs it) and per area, and annotations that allure-playwright turns into labels and into a link
 * to each requirement's sentence in the specification; against a dead target, the static skip that reports it
 * broken at once (preflightAnnotations).
 */
export function covers(...ids: string[]): TestDetails {
  const requirements = ids.map(requirement);
  const areas = [...new Set(requirements.map((found) => found.area))];
  const sections = [...new Set(requirements.map((found) => found.section))];
  const severity =
    SEVERITY_ORDER.find((level) => requirements.some((found) => found.severity === level)) ?? 'normal';
  return {
    tag: [...ids.map((id) => `@${id}`), ...areas.map((area) => `@${area}`)],
    annotation: [
      // The report's description (allure-playwright reads a `description` annotation): the
      // sentences checked, rather than one green "step" per requirement that nothing ran.
      { type: 'description', description: describeRequirements(requirements) },
      ...ids.map((id) => ({ type: REQUIREMENT_ANNOTATION, description: id })),
      ...sections.map((section) => ({ type: 'allure.label.section', description: section })),
      ...areas.map((area) => ({ type: 'allure.label.epic', description: area })),
      ...sections.map((section) => ({ type: 'allure.label.feature', description: `§${section}` })),
      { type: 'allure.label.severity', description: severity },
      // allure-playwright makes a link of a `tms` annotation; playwright.config.ts turns the id into
      // the URL of its sentence in the specification and a title (helpers/report/spec-link.ts).
      ...ids.map((id) => ({ type: 'tms', description: id })),
      // The report's tree (allurerc.mjs groups by these): the section of the first requirement, then
      // the requirement, in the specification's order; the requirements page lists every one.
      ...treeLabels(requirements[0]),
      // A dead target: declared broken, never sent to a worker.
      ...preflightAnnotations(),
    ],
  };
}

/** Markdown: one line per requirement, its id, section and sentence. */
function describeRequirements(requirements: readonly Requirement[]): string {
  const lines = requirements.map((found) => `- **${found.id}** (§${found.section}): ${found.text}`);
  return ['Checks these requirements of the specification:', '', ...lines].join('\n');
}

/**
 * The details of a test with a tag of its own, `@case:<name>`, for the one test a self-test runs
 * where its siblings carry the same requirement ids: the self-test selects the tag
 * (embedded/requirement-grep.ts, caseGrep), never the title, which may be reworded.
 */
export function asCase(details: TestDetails, name: string): TestDetails {
  const tags = details.tag === undefined ? [] : Array.isArray(details.tag) ? details.tag : [details.tag];
  return { ...details, tag: [...tags, `@case:${name}`] };
}

/**
 * The details of a test that takes these paths to its requirements (spec/requirements/paths.ts):
 * a tag per path (`@path:client-auth:basic`), which `npm run requirements` reads beside the ids.
 */
export function onPath(details: TestDetails, ...paths: Path[]): TestDetails {
  const tags = Array.isArray(details.tag) ? details.tag : details.tag === undefined ? [] : [details.tag];
  return { ...details, tag: [...tags, ...paths.map(pathTag)] };
}

/** The longest requirement sentence a tree's group shows; the description quotes it whole. */
const TREE_TEXT = 90;

/** parentSuite and suite labels: `§2.2 Authorization code`, `R2.2-03 The authorization code…`. */
function treeLabels(first: Requirement | undefined): Array<{ type: string; description: string }> {
  if (first === undefined) return [];
  const text = first.text.length > TREE_TEXT ? `${first.text.slice(0, TREE_TEXT - 1)}…` : first.text;
  return [
    { type: 'allure.label.parentSuite', description: sectionTitle(first.section) },
    { type: 'allure.label.suite', description: `${first.id} ${text}` },
  ];
}
