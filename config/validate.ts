/**
 * Every declared variable checked at once: the declarations become one JSON Schema, which ajv
 * validates with `allErrors` (every wrong variable, not the first), and each error becomes one line
 * naming the variable, what it expects and what it got (never a secret's value).
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import type { Variable } from './declaration.js';
import { VARIABLES, type Settings } from './variables/index.js';

/** The declarations as their common shape. */
const DECLARED: readonly Variable[] = VARIABLES;

export type Environment = Readonly<Record<string, string | undefined>>;

/** The JSON Schema of one variable's value, as written in the environment (a string). */
function schemaOf(variable: Variable): Record<string, unknown> {
  switch (variable.kind) {
    case 'integer':
      return { type: 'string', pattern: '^[+-]?\\d+$', ...numberBounds(variable) };
    case 'number':
      return { type: 'string', pattern: '^[+-]?(\\d+\\.?\\d*|\\.\\d+)$', ...numberBounds(variable) };
    case 'flag':
      return { enum: ['0', '1'] };
    case 'choice':
      return { enum: [...(variable.choices ?? [])] };
    case 'url':
      return { type: 'string', pattern: '^[hH][tT][tT][pP][sS]?://[^\\s/?#]+' };
    default:
      return { type: 'string' };
  }
}

/** Bounds of a number written as a string, checked by the `numeric` keyword below. */
function numberBounds(variable: Variable): Record<string, unknown> {
  return { numeric: { minimum: variable.minimum ?? null, maximum: variable.maximum ?? null } };
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addKeyword({
  keyword: 'numeric',
  type: 'string',
  schemaType: 'object',
  validate: (bounds: { minimum: number | null; maximum: number | null }, data: string) => {
    const value = Number(data);
    return (
      (bounds.minimum === null || value >= bounds.minimum) &&
      (bounds.maximum === null || value <= bounds.maximum)
    );
  },
});
const validateAll = ajv.compile({
  type: 'object',
  properties: Object.fromEntries(DECLARED.map((variable) => [variable.name, schemaOf(variable)])),
});
const BY_NAME = new Map<string, Variable>(DECLARED.map((variable) => [variable.name, variable]));

/** What a variable expects, in words: the second half of its problem line. */
export function expectation(variable: Variable): string {
  const bounds =
    variable.minimum !== undefined && variable.maximum !== undefined
      ? ` from ${variable.minimum} to ${variable.maximum}`
      : variable.minimum !== undefined
        ? ` from ${variable.minimum}`
        : '';
  switch (variable.kind) {
    case 'integer':
      return `an integer${bounds}`;
    case 'number':
      return `a number${bounds}`;
    case 'flag':
      return '1 (on) or 0 (off)';
    case 'choice':
      return (variable.choices ?? []).join(' or ');
    case 'url':
      return 'an absolute http(s) URL';
    case 'path':
      return 'a file or folder path';
    default:
      return 'text';
  }
}

/** The set variables: trimmed, a blank one as unset (as `.env` and CI leave them). */
export function setValues(env: Environment): Record<string, string> {
  const values: Record<string, string> = {};
  for (const variable of DECLARED) {
    const value = env[variable.name]?.trim();
    if (value !== undefined && value !== '') values[variable.name] = value;
  }
  return values;
}

function problemLine(error: ErrorObject, values: Record<string, string>): string | undefined {
  const name = error.instancePath.slice(1);
  const variable = BY_NAME.get(name);
  if (variable === undefined) return undefined;
  // A secret's value is never shown, not even a wrong one.
  if (variable.secret) return `${name}: expected ${expectation(variable)} (a secret: its value is not shown)`;
  return `${name}: expected ${expectation(variable)}, got "${values[name] ?? ''}"`;
}

/** One line per declared variable whose value is not what it declares. */
export function configurationProblems(env: Environment): string[] {
  const values = setValues(env);
  if (validateAll(values)) return [];
  const lines = (validateAll.errors ?? []).map((error) => problemLine(error, values));
  return [...new Set(lines.filter((line): line is string => line !== undefined))];
}

function typed(variable: Variable, raw: string): string | number | boolean {
  if (variable.kind === 'integer' || variable.kind === 'number') return Number(raw);
  if (variable.kind === 'flag') return raw === '1';
  return raw;
}

/**
 * The typed settings of an environment: each value as its kind reads it, the declared default where
 * it is unset or not what it declares (the start reports those: `configurationProblems`).
 */
export function settingsOf(env: Environment): Settings {
  const values = setValues(env);
  const wrong = new Set(
    validateAll(values) ? [] : (validateAll.errors ?? []).map((error) => error.instancePath.slice(1)),
  );
  const settings: Record<string, string | number | boolean | undefined> = {};
  for (const variable of DECLARED) {
    const raw = wrong.has(variable.name) ? undefined : values[variable.name];
    const chosen = raw ?? variable.default;
    settings[variable.name] = chosen === undefined ? undefined : typed(variable, chosen);
  }
  return settings as Settings;
}
