import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { VARIABLES } from '../config/environment.js';
import { renderHelp, USER_GROUPS } from '../config/render.js';

const ROOT = resolve(__dirname, '..');
const CONTRACT = readFileSync(resolve(ROOT, 'docs/contract.md'), 'utf8');

test.describe('the harness contract ships with the package as docs/contract.md', () => {
  test('its three sections are there, and docs/ is in the package', () => {
    for (const heading of [
      '## 1. Target configuration',
      '## 2. Test-helper protocol',
      '## 3. Targets without test helpers',
    ])
      expect(CONTRACT).toContain(heading);
    const files = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { files: string[] })
      .files;
    expect(files).toContain('docs/');
  });

  test('every variable it names is one the suite declares', () => {
    const declared = new Set<string>(VARIABLES.map((variable) => variable.name));
    const named = [
      ...CONTRACT.matchAll(
        /`((?:TARGET|SANDBOX_CONTROL|TLS|WEBHOOK|LOGIN|CONSENT|CONFORMANCE)_[A-Z0-9_]+)`/g,
      ),
    ].map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((name) => !declared.has(name))).toEqual([]);
  });

  test('where a message, the help or the docs cite a contract section, they name docs/contract.md', () => {
    const cited = [
      renderHelp(),
      ...USER_GROUPS.map(([, heading]) => heading),
      readFileSync(resolve(ROOT, 'docs/configuration.md'), 'utf8'),
      readFileSync(resolve(ROOT, 'README.md'), 'utf8'),
      readFileSync(resolve(ROOT, 'helpers/clients/control-client.ts'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('`'))
        .join('\n'),
    ].join('\n');
    const citations = cited.split('\n').filter((line) => /contract[^\n]{0,25}section \d/i.test(line));
    expect(citations.length).toBeGreaterThan(2);
    expect(citations.filter((line) => !line.includes('contract.md'))).toEqual([]);
  });
});
