import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { patient } from '../helpers/target/patience.js';

/**
 * `init --client` writes the client workflow (the package's own .github/workflows/client.yml, byte
 * for byte) beside the others; `init` alone does not, and a second `init --client` keeps the team's
 * edited copy unless --force is given.
 */

const ROOT = resolve(__dirname, '..');
/** bin/init.ts's CLIENT_TEMPLATE (importing the command would run it). */
const CLIENT_TEMPLATE = {
  to: '.github/workflows/conformance-client.yml',
  from: '.github/workflows/client.yml',
};
const COMMAND = join(ROOT, 'bin', 'classifieds-conformance.mjs');

function init(dir: string, ...flags: string[]): string {
  const result = spawnSync(process.execPath, [COMMAND, 'init', '--dir', dir, ...flags], {
    cwd: dir,
    encoding: 'utf8',
    timeout: patient(60_000),
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

test('init --client writes the client workflow as the package has it; init alone leaves it out', () => {
  const plain = mkdtempSync(join(tmpdir(), 'init-plain-'));
  const team = mkdtempSync(join(tmpdir(), 'init-client-'));
  try {
    init(plain);
    expect(existsSync(join(plain, CLIENT_TEMPLATE.to))).toBe(false);
    expect(init(team, '--client')).toContain(`wrote    ${CLIENT_TEMPLATE.to}`);
    const ours = readFileSync(join(ROOT, CLIENT_TEMPLATE.from), 'utf8');
    expect(readFileSync(join(team, CLIENT_TEMPLATE.to), 'utf8')).toBe(ours);
    expect(init(team, '--client')).toContain(
      `skipped  ${CLIENT_TEMPLATE.to} (it exists; --force replaces it)`,
    );
  } finally {
    rmSync(plain, { recursive: true, force: true });
    rmSync(team, { recursive: true, force: true });
  }
});
