/**
 * The one module that touches `process.env` (ESLint refuses it anywhere else): the environment as
 * the run was given it (with `.env` filled in), its typed settings, what the run passes to its
 * workers, and the environment of a child process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import type { VariableName } from './variables/index.js';
import { settingsOf, type Environment } from './validate.js';

export { configurationProblems, settingsOf } from './validate.js';
import type { Settings } from './variables/index.js';

export type { Environment } from './validate.js';
export type { Settings, VariableName } from './variables/index.js';
export { SECRET_NAMES, VARIABLES } from './variables/index.js';

/**
 * The environment this process was given, as it is now: a frozen snapshot, taken once and again
 * after passToWorkers or loadDotEnv (the only writers). Copying `process.env` costs a call into
 * the runtime per variable, and hot paths (redaction, markers) read it per request.
 */
export function environment(): Environment {
  snapshot ??= Object.freeze({ ...process.env });
  return snapshot;
}
let snapshot: Environment | undefined;

/** The typed settings of this process's environment: declared defaults where unset. */
export function settings(): Settings {
  current ??= settingsOf(process.env);
  return current;
}
/** Read once: the environment changes only through passToWorkers and loadDotEnv, which forget it. */
let current: Settings | undefined;

/**
 * Tells the workers and child processes this process starts (Playwright's workers inherit its
 * environment): the run's id, the target it started, why its preflight failed.
 */
export function passToWorkers(values: Partial<Record<VariableName, string>>): void {
  Object.assign(process.env, values);
  forget();
}

/**
 * The environment of a child process: this process's, with `changes` over it (an undefined value
 * removes the variable).
 */
export function childEnvironment(
  changes: Partial<Record<VariableName, string | undefined>> = {},
  base: Environment = process.env,
): NodeJS.ProcessEnv {
  const merged: Record<string, string | undefined> = { ...base, ...changes };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}

/** Loads `.env` where present (contract section 1); variables already set in the environment win. */
export function loadDotEnv(path = '.env'): void {
  if (!existsSync(path)) return;
  const parsed = parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
  for (const [name, value] of Object.entries(parsed)) {
    if (process.env[name] === undefined) process.env[name] = value;
  }
  forget();
}

/** The environment changed: the snapshot and the settings are taken again when next asked. */
function forget(): void {
  snapshot = undefined;
  current = undefined;
}
