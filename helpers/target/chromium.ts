import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { browserTrustArgs } from './browser-trust.js';
import { type Environment, environment, settingsOf } from '../../config/environment.js';

/** Debian's chromium packages, the lighter first: the old headless shell renders no UI at all. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

/**
 * CHROMIUM_PATH when set, else the first of Debian's packages that is installed: the project never
 * downloads Playwright's own browsers.
 */
export function chromiumPath(env: Environment = environment()): string {
  return (
    settingsOf(env).CHROMIUM_PATH ??
    CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ??
    '/usr/bin/chromium'
  );
}

/**
 * Flags for a headless run on a machine that reaches only the target: without the networking flags
 * Chromium keeps dialling hosts it cannot reach.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/**
 * The window every page of the suite is drawn in. Smaller than Playwright's 1280x720: a browser flow
 * draws two documents and takes two screenshots, and at 800x600 it costs the browser about an
 * eighth less CPU (bench/consent-flow.ts); login and consent pages are made for phones as well.
 * The selector check of global set-up uses it too, so an element it finds visible is one the
 * tests find visible.
 */
export const BROWSER_VIEWPORT = { width: 800, height: 600 } as const;

/**
 * A headless Chromium outside the test runner (global setup, the cleanup command), trusting what
 * `trustArgs` names (by default the keys global setup pinned) and nothing else.
 */
export function launchChromium(trustArgs: readonly string[] = browserTrustArgs()): Promise<Browser> {
  return chromium.launch({
    headless: true,
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...trustArgs],
  });
}
