import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * `npm install` ends clean: every dependency of the lockfile with an install script is reviewed in
 * package.json's `allowScripts` (npm 11.16 warns of the others, npm 12 will not run them). esbuild,
 * under tsx, is the one: its postinstall checks its platform binary and puts it in place of its
 * JavaScript stub. A dependency that brings another is named here before a newcomer's install warns.
 */
const ROOT = resolve(__dirname, '..');

interface Lockfile {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
}

test('every dependency with an install script is reviewed in allowScripts', () => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
  const allowed =
    (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        allowScripts?: Record<string, boolean>;
      }
    ).allowScripts ?? {};
  const scripted = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
    .map(([path, entry]) => ({
      name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
    }));
  expect(scripted.map((found) => found.name)).toContain('esbuild');
  const unreviewed = scripted.filter(
    (found) =>
      allowed[found.name] === undefined && allowed[`${found.name}@${found.version ?? ''}`] === undefined,
  );
  expect(unreviewed).toEqual([]);
});
