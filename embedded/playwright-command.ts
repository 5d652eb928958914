// How to start Playwright on this package's configuration, wherever the package is installed.
import { resolve } from 'node:path';
import { suiteRootFor } from './suite-copy.js';

export const PACKAGE_ROOT = resolve(__dirname, '..');

/**
 * Node's arguments that start `playwright test` on this package's configuration: from the package
 * itself, or from its copy outside node_modules when it is installed (suite-copy.ts).
 */
export function playwrightTestArgs(): string[] {
  const suiteRoot = suiteRootFor(PACKAGE_ROOT);
  return [
    require.resolve('@playwright/test/cli'),
    'test',
    `--config=${resolve(suiteRoot, 'playwright.config.ts')}`,
  ];
}
