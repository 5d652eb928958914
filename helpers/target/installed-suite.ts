// Whether the suite runs from an installed package rather than from this repository.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The file at the root of the copy that `classifieds-conformance run` makes of an installed package's
 * suite outside node_modules, where Playwright compiles it (embedded/suite-copy.ts).
 */
export const SUITE_COPY_MARK = '.installed-suite.json';

/** The suite's root folder: the package's, or its copy's. */
export const SUITE_ROOT = resolve(__dirname, '../..');

/**
 * An installed package (under node_modules) or the copy made of one: there `npx playwright test`
 * finds no configuration of the suite and no project named conformance.
 */
export function isInstalledSuite(root: string = SUITE_ROOT): boolean {
  return root.split(/[\\/]/).includes('node_modules') || existsSync(resolve(root, SUITE_COPY_MARK));
}
