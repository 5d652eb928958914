import { existsSync } from 'node:fs';

/**
 * Chromium's flags for a machine that reaches only the target: without the networking flags it
 * keeps dialling hosts it cannot reach.
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

/** Debian's chromium packages, the lighter first: the old headless shell renders no UI at all. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

/** CHROMIUM_PATH when set, else the first of Debian's packages that is installed. */
export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured !== undefined && configured !== '') return configured;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? '/usr/bin/chromium';
}
