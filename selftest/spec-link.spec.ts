import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { REQUIREMENTS } from '../spec/requirements/catalogue.js';
import {
  headingAnchor,
  requirementTitle,
  requirementUrl,
  SECTION_HEADINGS,
  sectionTitle,
  sectionUrl,
  SPEC_FILE,
  SPEC_PAGE_IN_REPORT,
  specUrl,
} from '../helpers/report/spec-link.js';
import { specPageHtml } from '../helpers/report/spec-page.js';

const ROOT = resolve(__dirname, '..');
/** The specification as the project's authors keep it, beside a working copy (absent in a clone). */
const SHARED_SPEC = resolve(ROOT, '../shared/spec/classifieds-api.md');

/** The targets of the Markdown links to the specification in the README and the folder READMEs. */
function specLinks(): Array<{ readme: string; target: string }> {
  const readmes = [
    'README.md',
    ...readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, entry.name, 'README.md')))
      .map((entry) => join(entry.name, 'README.md')),
  ];
  return readmes.flatMap((readme) =>
    [
      ...readFileSync(join(ROOT, readme), 'utf8').matchAll(/\]\(([^)#\s]*classifieds-api\.md)(#[^)]*)?\)/g),
    ].map((match) => ({ readme, target: match[1] ?? '' })),
  );
}

test.describe('links to the specification', () => {
  test('every section a requirement names has a heading to link to', () => {
    const sections = new Set(REQUIREMENTS.map((found) => found.section));
    expect([...sections].filter((section) => SECTION_HEADINGS[section] === undefined)).toEqual([]);
  });

  test('the specification travels with the suite: spec/ holds the authors’ copy byte for byte', () => {
    // Beside the authors' working copy the copy must be theirs exactly; in a clone or a package,
    // where there is none, the next test still holds the copy's headings (never a silent skip).
    if (existsSync(SHARED_SPEC)) expect(readFileSync(SPEC_FILE).equals(readFileSync(SHARED_SPEC))).toBe(true);
    else test.info().annotations.push({ type: 'note', description: `${SHARED_SPEC} absent: headings only` });
    const shipped = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] })
      .files;
    expect(shipped).toContain('spec/');
  });

  test('every link to the specification in the READMEs resolves from a clone and from the package', () => {
    const links = specLinks();
    expect(links.map(({ readme }) => readme)).toContain('README.md');
    const dangling = links.filter(
      ({ readme, target }) => !existsSync(resolve(ROOT, dirname(readme), target)),
    );
    expect(dangling).toEqual([]);
  });

  test('the report’s page of the specification has an anchor for every section a link names', () => {
    const page = specPageHtml(readFileSync(SPEC_FILE, 'utf8'));
    const missing = Object.keys(SECTION_HEADINGS)
      .map((section) => sectionUrl(section, SPEC_PAGE_IN_REPORT).split('#')[1] ?? '')
      .filter((anchor) => !page.includes(`id="${anchor}"`));
    expect(missing).toEqual([]);
    // The specification's own forms, rendered; nothing else (no script, no markup of its text).
    expect(page).not.toMatch(
      /<(?!\/?(h[1-6]|p|ol|ul|li|table|tr|th|td|code|strong|em|a|html|head|body|meta|title|style)\b|!doctype)/,
    );
    expect(page).not.toContain('| ---');
  });

  test('the page has an anchor for every requirement, at the sentence its check quotes', () => {
    const page = specPageHtml(readFileSync(SPEC_FILE, 'utf8'));
    const anchored = REQUIREMENTS.filter((found) => page.includes(`id="${found.id}"`));
    expect(anchored.map((found) => found.id)).toEqual(REQUIREMENTS.map((found) => found.id));
    // A quoted sentence lands on its paragraph, item or table row; a heading only where no words match.
    const atHeading = REQUIREMENTS.filter((found) =>
      new RegExp(
        `<h\\d[^>]*>(<a class="requirement"[^>]*>[^<]*</a> )*<a class="requirement" id="${found.id}"`,
      ).test(page),
    );
    expect(atHeading.length, atHeading.map((found) => found.id).join(', ')).toBeLessThanOrEqual(
      REQUIREMENTS.length / 10,
    );
    const row = /<tr><td>[^\n]*id="R4\.2-04"[^\n]*<\/tr>/.exec(page)?.[0] ?? '';
    expect(row).toContain('the same URI as in the authorization request');
    expect(requirementUrl('R4.2-04', SPEC_PAGE_IN_REPORT)).toBe('classifieds-api.html#R4.2-04');
    // A copy elsewhere (SPEC_URL) has its headings only: the section's.
    expect(requirementUrl('R4.2-04', 'https://example.org/spec.md')).toBe(
      'https://example.org/spec.md#42-exchange-code-for-access-token',
    );
    expect(requirementTitle('R4.2-04')).toBe('R4.2-04 §4.2 Exchange code for access token');
  });

  test('the headings are the specification’s own', () => {
    const written = readFileSync(SPEC_FILE, 'utf8')
      .split('\n')
      .filter((line) => /^#{2,3} [0-9]/.test(line))
      .map((line) => line.replace(/^#+ /, '').trim());
    expect(Object.values(SECTION_HEADINGS).sort()).toEqual(written.sort());
  });

  test('anchors and titles read as GitHub and the reader expect', () => {
    expect(headingAnchor('2.1 Application registration (done outside the API)')).toBe(
      '21-application-registration-done-outside-the-api',
    );
    expect(sectionUrl('4.2', 'https://example.org/spec.md#old')).toBe(
      'https://example.org/spec.md#42-exchange-code-for-access-token',
    );
    expect(sectionUrl('5', 'https://example.org/spec.md')).toBe(
      'https://example.org/spec.md#5-authentication',
    );
    expect(sectionTitle('5')).toBe('§5 Authentication');
    expect(sectionTitle('7.2')).toBe('§7.2 Token endpoint');
    expect(specUrl({ SPEC_URL: ' https://example.org/s.md ' })).toBe('https://example.org/s.md');
    // Unset: the page the generated report carries beside its index.html.
    expect(specUrl({})).toBe('classifieds-api.html');
  });
});
