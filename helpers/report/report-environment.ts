import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { redactUrl } from './redact.js';
import { specUrl } from './spec-link.js';
import { environment, settingsOf, type Environment } from '../../config/environment.js';

/**
 * The Allure report's environment panel: what was tested, with what, and how to run it again.
 * Each entry is a getter: allure-playwright writes the panel when the run ends, after the global
 * set-up has started the embedded sandbox and named its URLs in the environment.
 */
export function reportEnvironment(env: Environment = environment()): Record<string, string> {
  const entries: Record<string, () => string> = {
    target: () => (embedded(env) ? 'embedded sandbox' : 'external'),
    target_auth_url: () => shownUrl(env.TARGET_AUTH_URL),
    target_apps_url: () => shownUrl(env.TARGET_APPS_URL),
    mode: () => runMode(env),
    slow_project: () => (slowProject(env) ? 'on (code lifetime in real time)' : 'off'),
    test_helpers: () => testHelpers(env),
    test_helpers_url: () => shownUrl(env.SANDBOX_CONTROL_URL ?? env.TARGET_APPS_URL),
    sandbox_faults: () => listOrNone(env.SANDBOX_FAULTS),
    sandbox_variants: () => listOrNone(env.SANDBOX_VARIANTS),
    fast_check_seed: () => fastCheckSeed(env),
    suite_version: () => packageVersion('.'),
    sandbox_version: () => (embedded(env) ? `embedded (suite ${packageVersion('.')})` : 'not embedded'),
    playwright_version: () => packageVersion('node_modules/@playwright/test'),
    allure_playwright_version: () => packageVersion('node_modules/allure-playwright'),
    node_version: () => process.version,
    specification: () => specUrl(env),
  };
  const panel: Record<string, string> = {};
  for (const [name, read] of Object.entries(entries))
    Object.defineProperty(panel, name, { get: read, enumerable: true });
  return panel;
}

function embedded(env: NodeJS.ProcessEnv): boolean {
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
function testHelpers(env: NodeJS.ProcessEnv): string {
  if ((env.SANDBOX_CONTROL_KEY ?? '').trim() === '') return 'none (set-up tests skipped)';
  return embedded(env) ? 'available (embedded)' : 'key configured';
}

function slowProject(env: NodeJS.ProcessEnv): boolean {
  return settingsOf(env).CONFORMANCE_SLOW;
}

/**
 * `helpers` when the target serves the test helpers (a control key), else `account`: what the run
 * could check (suites/README.md, "What each mode checks"); `+slow` and `+burst` name the opt-ins it had.
 */
export function runMode(env: NodeJS.ProcessEnv): string {
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

function fastCheckSeed(env: NodeJS.ProcessEnv): string {
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
