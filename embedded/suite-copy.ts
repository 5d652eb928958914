// Playwright compiles no TypeScript under node_modules, where an installed package of this suite
// lives: compiled there by another loader, every test's location read line 2 of the transpiled file.
// So an installed package's suite runs from a copy outside node_modules, `.conformance/suite-<hash>/`
// in the current folder (git-ignored by `init`), which Playwright compiles with its source maps.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { SUITE_COPY_MARK } from '../helpers/target/installed-suite.js';

/** The package's files, sorted, without its node_modules. */
function packageFiles(root: string, folder: string = root): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !(folder === root && entry.name === 'node_modules'))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? packageFiles(root, path) : entry.isFile() ? [path] : [];
    })
    .sort();
}

/** A hash of the package's files: a copy is made once per content, and never changed after. */
function contentHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of packageFiles(root))
    hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The copy's node_modules: one link per dependency of the package, to the folder Node resolves it to
 * from the package itself (nested, hoisted or in npx's cache), so the copy imports the very same
 * modules (one Playwright) whatever else the team's node_modules holds.
 */
function linkDependencies(packageRoot: string, copy: string): void {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const requireFromPackage = createRequire(join(packageRoot, 'package.json'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const found = (requireFromPackage.resolve.paths(name) ?? [])
      .map((folder) => join(folder, name))
      .find((folder) => existsSync(join(folder, 'package.json')));
    if (found === undefined) continue;
    const link = join(copy, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(found, link, 'junction');
  }
}

/** Copies the package to `target` through a temporary folder, so that no run sees half a copy. */
function makeCopy(packageRoot: string, target: string, hash: string): void {
  const building = `${target}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  cpSync(packageRoot, building, {
    recursive: true,
    filter: (source) => source !== join(packageRoot, 'node_modules'),
  });
  linkDependencies(packageRoot, building);
  writeFileSync(join(building, SUITE_COPY_MARK), `${JSON.stringify({ from: packageRoot, hash }, null, 2)}\n`);
  try {
    renameSync(building, target);
  } catch (error) {
    // Another run made the same copy first: theirs is as good.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(target, SUITE_COPY_MARK))) throw error;
  }
}

/** Copies of other contents (an earlier version of the package): nothing runs from them any more. */
function removeOtherCopies(folder: string, kept: string): void {
  for (const entry of readdirSync(folder))
    if (/^suite-[0-9a-f]{12}$/.test(entry) && entry !== kept)
      rmSync(join(folder, entry), { recursive: true, force: true });
}

/**
 * The folder Playwright runs the suite from: the package itself in this repository, a copy of it
 * in `<cwd>/.conformance/` when the package is installed under node_modules.
 */
export function suiteRootFor(packageRoot: string, cwd: string = process.cwd()): string {
  if (!packageRoot.split(/[\\/]/).includes('node_modules')) return packageRoot;
  const hash = contentHash(packageRoot);
  const folder = resolve(cwd, '.conformance');
  const name = `suite-${hash}`;
  const target = join(folder, name);
  mkdirSync(folder, { recursive: true });
  if (!existsSync(join(target, SUITE_COPY_MARK))) makeCopy(packageRoot, target, hash);
  removeOtherCopies(folder, name);
  return target;
}
