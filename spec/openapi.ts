import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/**
 * The parsed document is kept as JSON in the package's `node_modules/.cache`, named by the SHA-1 of
 * the YAML it came from: every worker of a run parsed the YAML anew (0.1 s of CPU, and loading the
 * parser as much again), where the JSON reads in a millisecond. An edit of the YAML names another
 * file; a cache that cannot be read or written is passed by.
 */
export const OPENAPI_CACHE_DIR = resolve(__dirname, '../node_modules/.cache/classifieds-conformance');

/** Parses schemas/openapi.yaml; a file without the fields the suite reads is an error, named. */
export function loadOpenApiDocument(): OpenApiDocument {
  const document = parseOpenApiYaml(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8'));
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

/** The YAML parsed, from the cache in `cacheDir` when it holds it, else parsed and kept there. */
export function parseOpenApiYaml(yaml: string, cacheDir = OPENAPI_CACHE_DIR): unknown {
  const cached = join(cacheDir, `openapi-${createHash('sha1').update(yaml).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    // The parser is loaded only here: loading it costs a worker as much as the parse.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { parse } = require('yaml') as typeof import('yaml');
    const document: unknown = parse(yaml);
    keep(cacheDir, cached, JSON.stringify(document));
    return document;
  }
}

/** Written whole or not at all: the workers of a run may write the same file at once. */
function keep(cacheDir: string, file: string, json: string): void {
  const partial = `${file}.${process.pid}`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(partial, json);
  } catch {
    // A read-only installation parses the YAML each time, as it did before the cache.
    return;
  }
  try {
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}
