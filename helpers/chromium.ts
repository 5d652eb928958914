import { chromium, type Browser } from '@playwright/test';

/** The system Chromium (CHROMIUM_PATH): the project never downloads Playwright's own browsers. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Flags for a headless run in a container, without background traffic that could blur a trace. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/** A headless Chromium outside the test runner (global setup, the cleanup command). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ headless: true, executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
}
