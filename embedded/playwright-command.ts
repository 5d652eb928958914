// How to start Playwright on this package's configuration, wherever the package is installed.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PACKAGE_ROOT = resolve(__dirname, '..');

/**
 * Node's arguments that start `playwright test` on this package's configuration. Playwright compiles
 * no TypeScript under node_modules, where an installed package of this suite lives: there tsx
 * compiles it (Node passes these options on to Playwright's workers).
 */
export function playwrightTestArgs(): string[] {
  const underNodeModules = PACKAGE_ROOT.split(/[\\/]/).includes('node_modules');
  return [
    ...(underNodeModules
      ? ['--enable-source-maps', '--import', pathToFileURL(require.resolve('tsx')).href]
      : []),
    require.resolve('@playwright/test/cli'),
    'test',
    `--config=${resolve(PACKAGE_ROOT, 'playwright.config.ts')}`,
  ];
}
