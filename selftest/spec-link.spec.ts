import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { REQUIREMENTS } from '../spec/requirements/catalogue.js';
import {
  DEFAULT_SPEC_FILE,
  headingAnchor,
  SECTION_HEADINGS,
  sectionTitle,
  sectionUrl,
  specUrl,
} from '../helpers/report/spec-link.js';

test.describe('links to the specification (issue 6)', () => {
  test('every section a requirement names has a heading to link to', () => {
    const sections = new Set(REQUIREMENTS.map((found) => found.section));
    expect([...sections].filter((section) => SECTION_HEADINGS[section] === undefined)).toEqual([]);
  });

  test('the headings are the specification’s own', () => {
    test.skip(!existsSync(DEFAULT_SPEC_FILE), `the specification is not at ${DEFAULT_SPEC_FILE}`);
    const written = readFileSync(DEFAULT_SPEC_FILE, 'utf8')
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
    expect(specUrl({})).toMatch(/^file:\/\/.*classifieds-api\.md$/);
  });
});
