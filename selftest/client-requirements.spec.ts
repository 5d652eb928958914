import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CLIENT_REQUIREMENTS, REQUIREMENTS } from '../spec/requirements/catalogue.js';

const SPECIFICATION = readFileSync('spec/classifieds-api.md', 'utf8');

test.describe('the client requirements: a family of their own', () => {
  test('ids are C<section>-<nn> or CFN-<nn>, unique, and never a server id', () => {
    const ids = CLIENT_REQUIREMENTS.map((found) => found.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^C(\d+(\.\d+)?|FN)-\d{2}$/);
    const server = new Set(REQUIREMENTS.map((found) => found.id));
    expect(ids.filter((id) => server.has(id))).toEqual([]);
    expect(REQUIREMENTS.filter((found) => found.id.startsWith('C'))).toEqual([]);
  });

  test("each names its section's heading and quotes its source; an advisory one says why", () => {
    for (const found of CLIENT_REQUIREMENTS) {
      expect(
        found.id.startsWith(`C${found.section === 'field notes' ? 'FN' : found.section}-`),
        found.id,
      ).toBe(true);
      if (found.section !== 'field notes')
        expect(SPECIFICATION, found.id).toMatch(
          new RegExp(`^##+ ${found.section.replace('.', '\\.')}\\.? `, 'm'),
        );
      expect(found.source.words.length, found.id).toBeGreaterThan(20);
      expect(found.advisory ?? 'not advisory', found.id).not.toBe('');
    }
  });

  test("a sentence's first words stand in the specification", () => {
    const plain = (text: string) => text.replace(/[`*]/g, '').replace(/\s+/g, ' ');
    for (const found of CLIENT_REQUIREMENTS.filter((each) => each.source.kind === 'sentence')) {
      const first = plain(found.source.words).split(/ \(| \/ /)[0] ?? '';
      const quoted = first.includes(': ') ? (first.split(': ').at(-1) ?? first) : first;
      expect(plain(SPECIFICATION), found.id).toContain(quoted.slice(0, 40));
    }
  });
});
