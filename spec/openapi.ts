import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * The OpenAPI description of the API: the one source of the schemas the suite validates with
 * (helpers/assert/schemas.ts) and what the sandbox serves at {apps_url}/openapi.json.
 */
export const OPENAPI_DOCUMENT_FILE = resolve(__dirname, '../schemas/openapi.yaml');

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, object> };
  [field: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses schemas/openapi.yaml; a file without the fields the suite reads is an error, named. */
export function loadOpenApiDocument(): OpenApiDocument {
  const document: unknown = parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8'));
  if (
    !isObject(document) ||
    typeof document.openapi !== 'string' ||
    !isObject(document.paths) ||
    !isObject(document.components) ||
    !isObject(document.components.schemas)
  )
    throw new Error(`${OPENAPI_DOCUMENT_FILE}: no openapi, paths or components/schemas`);
  return document as OpenApiDocument;
}
