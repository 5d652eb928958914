import { resolve } from 'node:path';
import { type Environment, environment, settingsOf } from '../../config/environment.js';
import { REQUIREMENTS } from '../../spec/requirements/catalogue.js';

/**
 * Headings of the specification's sections, as the specification writes them: a link's anchor is
 * made from the heading, the way GitHub and most Markdown viewers make theirs.
 * selftest/spec-link.spec.ts keeps this list equal to the specification's headings.
 */
export const SECTION_HEADINGS: Readonly<Record<string, string>> = {
  '1': '1. What the service does',
  '2': '2. Resources and their fields',
  '2.1': '2.1 Application registration (done outside the API)',
  '2.2': '2.2 Authorization code',
  '2.3': '2.3 Access token response',
  '2.4': '2.4 Basic user info',
  '2.5': '2.5 Published-ad listing page',
  '2.6': '2.6 Catalog response envelope',
  '2.7': '2.7 Notification configuration',
  '3': '3. States and transitions',
  '4': '4. Endpoints',
  '4.1': '4.1 Start authorization',
  '4.2': '4.2 Exchange code for access token',
  '4.3': '4.3 Basic user info',
  '4.4': '4.4 List published ads',
  '4.5': '4.5 Catalog lookups',
  '4.6': '4.6 Notification configuration',
  '5': '5. Authentication',
  '6': '6. Events',
  '7': '7. Errors',
  '7.1': '7.1 Authorization endpoint',
  '7.2': '7.2 Token endpoint',
  '7.3': '7.3 Ad listing endpoint',
  '8': '8. Limits',
  '9': '9. Versioning',
};

/** The specification the checks cite, shipped in this repository and in the package (`spec/`). */
export const SPEC_FILE = resolve(__dirname, '../../spec/classifieds-api.md');

/**
 * The specification's page inside a generated Allure report, beside its index.html
 * (scripts/allure-report.ts writes it there): a report downloaded from CI carries the document its
 * links point into, so they resolve wherever the report is opened.
 */
export const SPEC_PAGE_IN_REPORT = 'classifieds-api.html';

/**
 * Where the report's links point: SPEC_URL (a published copy of the specification), or the page
 * the report carries (a URL relative to the report's index.html).
 */
export function specUrl(env: Environment = environment()): string {
  return settingsOf(env).SPEC_URL ?? SPEC_PAGE_IN_REPORT;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The URL of a section of the specification; a section without a known heading links to the document. */
export function sectionUrl(section: string, base: string = specUrl()): string {
  const heading = SECTION_HEADINGS[section];
  const withoutFragment = base.replace(/#.*$/, '');
  return heading === undefined ? withoutFragment : `${withoutFragment}#${headingAnchor(heading)}`;
}

/** The link's text in the report: the section sign and the heading. */
export function sectionTitle(section: string): string {
  const heading = SECTION_HEADINGS[section];
  return heading === undefined ? `§${section}` : `§${heading.replace(/^([0-9.]+?)\.? /, '$1 ')}`;
}

/** The section of each requirement, by id. */
const SECTION_OF = new Map(REQUIREMENTS.map((found) => [found.id, found.section]));

/** True when the base is the page the report carries, whose anchors name each requirement. */
function carriedPage(base: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(base);
}

/**
 * The URL of a requirement's sentence: on the page the report carries, its own anchor
 * (spec-page.ts); on a SPEC_URL (a copy of the Markdown elsewhere), its section's heading. A
 * section number given instead of an id links to the section.
 */
export function requirementUrl(id: string, base: string = specUrl()): string {
  const section = SECTION_OF.get(id);
  if (section === undefined) return sectionUrl(id, base);
  return carriedPage(base) ? `${base.replace(/#.*$/, '')}#${id}` : sectionUrl(section, base);
}

/** The link's text in the report: the requirement and its section's heading. */
export function requirementTitle(id: string): string {
  const section = SECTION_OF.get(id);
  return section === undefined ? sectionTitle(id) : `${id} ${sectionTitle(section)}`;
}
