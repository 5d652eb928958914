// Chromium comes from Debian's packages, never from a download at install time. The suite prefers
// the old headless shell (chromium-headless-shell): a consent flow costs it a quarter of the CPU
// of the full browser (npm run bench:consent-flow). CHROMIUM_PATH names another binary.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = ['chromium', 'chromium-headless-shell'];
const configured = process.env.CHROMIUM_PATH;
if (configured !== undefined && configured.trim() !== '') {
  if (existsSync(configured)) process.exit(0);
  console.error(`Chromium not found at CHROMIUM_PATH=${configured}.`);
  process.exit(1);
}
const missing = PACKAGES.filter((name) => !existsSync(`/usr/bin/${name}`));
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  if (missing.length < PACKAGES.length) process.exit(0); // one browser is enough to run
  console.error(
    `Chromium not found: run "sudo apt-get install -y ${PACKAGES.join(' ')}" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
console.log(`Installing Debian package(s) ${missing.join(', ')} (root) ...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
} catch {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}
