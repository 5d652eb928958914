// scripts/doc-commands.ts, the docs check of commands: a script package.json lacks, a command bin/cli.ts
// lacks and an option its script does not declare are each named; the repository's own pages pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkCommands, commandScripts, declaredOptions, wrongCommands } from '../scripts/doc-commands.js';
import { checkDocs, DOCS_LIMIT_BYTES, heavyDocs } from '../scripts/check-docs.js';

const ROOT = resolve(__dirname, '..');

test('a wrong npm script, command or option in a page is named; a comment and Playwright options are not', () => {
  const commands = new Map([
    ['sandbox', new Set(['help', 'account'])],
    ['run', new Set<string>()],
  ]);
  const page = [
    '```sh',
    'npx classifieds-conformance sandbox --acount   # --not-an-option, a comment',
    'npm run no-such-script',
    'npx classifieds-conformance run --grep @R4.1-01',
    '```',
    'and `classifieds-conformance frob`, and `npm run test`',
  ].join('\n');
  expect(wrongCommands('page.md', page, new Set(['test']), commands)).toEqual([
    'page.md: npm run no-such-script: no such script in package.json',
    'page.md: classifieds-conformance sandbox --acount: no such option',
    'page.md: classifieds-conformance frob: no such command (bin/cli.ts)',
  ]);
});

test("a command's options are read from its script and the modules it imports", () => {
  const scripts = commandScripts(ROOT);
  expect(scripts.get('switch')).toBe('bin/switches.ts');
  const sandbox = declaredOptions(ROOT, scripts.get('sandbox') ?? '');
  for (const option of ['account', 'chaos-clients', 'data', 'in-memory', 'new-key'])
    expect(sandbox).toContain(option);
  expect(declaredOptions(ROOT, scripts.get('client-report') ?? '')).toContain('data');
});

test("the repository's pages: every link, command and option exists", () => {
  expect(checkDocs(ROOT)).toEqual([]);
  expect(checkCommands(ROOT, ['docs/integrator.md', 'README.md'])).toEqual([]);
});

test('docs/ past its weight is named with its heaviest pages; within it, nothing', () => {
  const root = mkdtempSync(join(tmpdir(), 'docs-weight-'));
  try {
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs/a.md'), 'a'.repeat(DOCS_LIMIT_BYTES - 10));
    writeFileSync(join(root, 'docs/b.md'), 'b'.repeat(10));
    expect(heavyDocs(root, ['docs/a.md', 'docs/b.md', 'README.md'])).toEqual([]);
    writeFileSync(join(root, 'docs/b.md'), 'b'.repeat(11));
    expect(heavyDocs(root, ['docs/a.md', 'docs/b.md'])).toEqual([
      `docs/: ${DOCS_LIMIT_BYTES + 1} bytes, more than ${DOCS_LIMIT_BYTES}: say what is true now, once (heaviest: docs/a.md ${DOCS_LIMIT_BYTES - 10}, docs/b.md 11)`,
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
