import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadOpenApiDocument } from '../../spec/openapi.js';

/** The schemas the suite validates bodies with: components/schemas of schemas/openapi.yaml. */
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

const DOCUMENT_ID = 'https://conformance.local/schemas/openapi.yaml';
/**
 * The OpenAPI Object's own fields, known to ajv as annotations: the whole document is added as one
 * schema, so that the components' `$ref`s (#/components/schemas/...) resolve within it, while strict
 * mode still refuses an unknown keyword inside a component.
 */
const OPENAPI_FIELDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

/**
 * Made at the first validation, not at import: reading the document and checking it against the
 * meta-schema take half a second, which every process that loads the suite paid, even one that
 * validates nothing (the runner listing the tests, a run against a dead target).
 */
function documentSchemas(): Ajv2020 {
  if (ajv === undefined) {
    const made = addFormats(new Ajv2020({ allErrors: true, strict: true }));
    made.addVocabulary(OPENAPI_FIELDS);
    made.addSchema(loadOpenApiDocument(), DOCUMENT_ID);
    ajv = made;
  }
  return ajv;
}

/** Where a schema lives, for messages: `schemas/openapi.yaml#/components/schemas/<name>`. */
function schemaLocation(name: SchemaName): string {
  return `schemas/openapi.yaml#/components/schemas/${name}`;
}

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (validate === undefined) {
    validate = documentSchemas().getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
    if (validate === undefined) throw new Error(`${schemaLocation(name)} does not exist`);
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
