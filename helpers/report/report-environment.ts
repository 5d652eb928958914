import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { redactUrl } from './redact.js';
import { specUrl } from './spec-link.js';
import { readOrigins, strayLine, strayOrigins, targetOrigins, type RunOrigins } from './origins.js';
import { environment, settingsOf, type Environment } from '../../config/environment.js';

/**
 * The Allure report's environment panel: what was tested, with what, and how to run it again.
 * Each entry is a getter, read when the run ends: by then global set-up has started the embedded
 * sandbox and named its URLs in this process's environment, and the workers have written the
 * origins they reached (origins.ts), so the panel says what the run did, not what it was told.
 * `given` fixes the environment (the self-tests); unset, each getter reads the current one.
 */
export function reportEnvironment(given?: Environment): Record<string, string> {
  const now = (): Environment => given ?? environment();
  const origins = (): RunOrigins => readOrigins(settingsOf(now()).REPORTS_DIR);
  const entries: Record<string, () => string> = {
    target: () => (embedded(now()) ? 'embedded sandbox' : 'external'),
    target_auth_url: () => shownUrl(now().TARGET_AUTH_URL),
    target_apps_url: () => shownUrl(now().TARGET_APPS_URL),
    mode: () => runMode(now()),
    slow_project: () => (slowProject(now()) ? 'on (code lifetime in real time)' : 'off'),
    test_helpers: () => testHelpers(now(), origins()),
    test_helpers_url: () => shownUrl(now().SANDBOX_CONTROL_URL ?? now().TARGET_APPS_URL),
    api_origins: () => listOrNone(origins().api.join(', ')),
    browser_origins: () => listOrNone(origins().browser.join(', ')),
    origins_check: () => originsCheck(now(), origins()),
    sandbox_faults: () => listOrNone(now().SANDBOX_FAULTS),
    sandbox_variants: () => listOrNone(now().SANDBOX_VARIANTS),
    fast_check_seed: () => fastCheckSeed(now()),
    suite_version: () => packageVersion('.'),
    sandbox_version: () => (embedded(now()) ? `embedded (suite ${packageVersion('.')})` : 'not embedded'),
    playwright_version: () => packageVersion('node_modules/@playwright/test'),
    allure_playwright_version: () => packageVersion('node_modules/allure-playwright'),
    node_version: () => process.version,
    specification: () => specUrl(now()),
  };
  const panel: Record<string, string> = {};
  for (const [name, read] of Object.entries(entries))
    Object.defineProperty(panel, name, { get: read, enumerable: true });
  return panel;
}

/** Every API request went to the target's servers, or the line that makes the run broken. */
function originsCheck(env: Environment, origins: RunOrigins): string {
  const target = targetOrigins(env);
  const stray = strayOrigins(origins, target);
  return stray.length === 0
    ? `every API request went to ${target.join(', ')}`
    : `BROKEN: ${strayLine(stray, target)}`;
}

function embedded(env: Environment): boolean {
  return settingsOf(env).CONFORMANCE_EMBEDDED_SANDBOX || (env.TARGET_AUTH_URL ?? '').trim() === '';
}

/** A URL without user information and with secret parameters redacted; "not set" when absent. */
function shownUrl(value: string | undefined): string {
  const url = (value ?? '').trim();
  if (url === '') return 'not set (the embedded sandbox is started)';
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return redactUrl(parsed.href);
  } catch {
    return redactUrl(url);
  }
}

/** Short values: the panel shows about 25 characters of each before "Show more". */
function testHelpers(env: Environment, origins: RunOrigins): string {
  const used = origins.helpers.length > 0;
  if ((env.SANDBOX_CONTROL_KEY ?? '').trim() === '')
    return used ? 'used without a key' : 'none (set-up tests skipped)';
  if (used) return `used (${origins.helpers.join(', ')})`;
  return 'configured, not used';
}

function slowProject(env: Environment): boolean {
  return settingsOf(env).CONFORMANCE_SLOW;
}

/**
 * `helpers` when the target serves the test helpers (a control key), else `account`: what the run
 * could check (suites/README.md, "What each mode checks"); `+slow` and `+burst` name the opt-ins it had.
 */
export function runMode(env: Environment): string {
  const helpers = (env.SANDBOX_CONTROL_KEY ?? '').trim() !== '';
  const burst = !helpers && settingsOf(env).CONFORMANCE_RATE_LIMIT_BURST !== undefined;
  return [
    helpers ? 'helpers' : 'account',
    ...(slowProject(env) ? ['slow'] : []),
    ...(burst ? ['burst'] : []),
  ].join('+');
}

function listOrNone(value: string | undefined): string {
  const list = (value ?? '').trim();
  return list === '' ? 'none' : list;
}

function fastCheckSeed(env: Environment): string {
  const seed = (env.FC_SEED ?? '').trim();
  if (seed === '') return 'random per test';
  const path = (env.FC_PATH ?? '').trim();
  return path === '' ? `FC_SEED=${seed}` : `FC_SEED=${seed} FC_PATH=${path}`;
}

const PROJECT_ROOT = resolve(__dirname, '../..');

function packageVersion(folder: string): string {
  try {
    const manifest = JSON.parse(readFileSync(`${PROJECT_ROOT}/${folder}/package.json`, 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
