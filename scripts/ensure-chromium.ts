// Chromium comes from Debian's packages, never from a download at install time. The suite prefers
// the old headless shell (chromium-headless-shell): a consent flow costs it a quarter of the CPU
// of the full browser (npm run bench:consent-flow). CHROMIUM_PATH names another binary.
// `npm run conformance` and `npm test` call it first, in their own process (a process of its own
// cost the gate half a second); run by itself it exits with its status.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { settings, childEnvironment } from '../config/environment.js';

const PACKAGES = ['chromium', 'chromium-headless-shell'];

/** 0 when a Chromium is there (installed now if missing and root), else 1 with a line saying why. */
export function ensureChromium(): number {
  const configured = settings().CHROMIUM_PATH;
  if (configured !== undefined && configured.trim() !== '') {
    if (existsSync(configured)) return 0;
    console.error(`Chromium not found at CHROMIUM_PATH=${configured}.`);
    return 1;
  }
  const missing = PACKAGES.filter((name) => !existsSync(`/usr/bin/${name}`));
  if (missing.length === 0) return 0;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    if (missing.length < PACKAGES.length) return 0; // one browser is enough to run
    console.error(
      `Chromium not found: run "sudo apt-get install -y ${PACKAGES.join(' ')}" (or set CHROMIUM_PATH).`,
    );
    return 1;
  }
  console.log(`Installing Debian package(s) ${missing.join(', ')} (root) ...`);
  const env = childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' });
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  }
  return 0;
}

/** For a command that needs the browser: ends the process with the status when there is none. */
export function exitUnlessChromium(): void {
  const status = ensureChromium();
  if (status !== 0) process.exit(status);
}

if (require.main === module) process.exit(ensureChromium());
