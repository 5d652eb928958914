import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The JSON Schemas under schemas/, compiled once per worker. */
export const SCHEMA_NAMES = [
  'token-response',
  'token-error',
  'listing-page',
  'listing-error',
  'basic-user-info',
  'catalog-ids',
  'catalog-cubic-capacities',
  'notification-config',
] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: true }));
const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (validate === undefined) {
    const url = new URL(`../schemas/${name}.schema.json`, import.meta.url);
    validate = ajv.compile(JSON.parse(readFileSync(url, 'utf8')) as object);
    compiled.set(name, validate);
  }
  return validate;
}

/** Validates a body; returns the schema violations as readable lines (empty when valid). */
export function schemaViolations(name: SchemaName, body: unknown): string[] {
  const validate = validator(name);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath === '' ? '(root)' : error.instancePath} ${error.message ?? 'is invalid'}`,
  );
}
