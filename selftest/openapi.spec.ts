import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { loadOpenApiDocument, OPENAPI_DOCUMENT_FILE, parseOpenApiYaml } from '../spec/openapi.js';
import { SCHEMA_NAMES, schemaViolations } from '../helpers/assert/schemas.js';
import { startSandbox } from '../sandbox/start.js';

/** The nine lookups of section 4.5, written out from the specification. */
const CATALOG_PATHS = [
  '/autoupload/car_info',
  '/autoupload/car_info/{brand_id}',
  '/autoupload/car_info/{brand_id}/{model_id}',
  '/autoupload/moto_info',
  '/autoupload/moto_info/{brand_id}',
  '/autoupload/moto_info/{brand_id}/{model_id}',
  '/autoupload/moto_cubiccms_info',
  '/autoupload/cellphone_info',
  '/autoupload/cellphone_info/{brand_id}',
];

test.describe('the OpenAPI description (schemas/openapi.yaml)', () => {
  test('the embedded sandbox serves it as JSON at {apps_url}/openapi.json, with the nine catalog lookups', async () => {
    const sandbox = await startSandbox();
    try {
      const response = await fetch(`${sandbox.appsUrl}/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
      const served = (await response.json()) as { openapi?: unknown; paths?: Record<string, unknown> };
      expect(served.openapi).toMatch(/^3\.1\.\d+$/);
      // The catalog paths are those under /autoupload with no version segment (section 9).
      const catalogPaths = Object.keys(served.paths ?? {}).filter(
        (path) => path.startsWith('/autoupload/') && !path.startsWith('/autoupload/v1/'),
      );
      expect(catalogPaths.sort()).toEqual([...CATALOG_PATHS].sort());
      for (const path of CATALOG_PATHS) expect(served.paths?.[path], path).toHaveProperty('post');
      expect(served).toEqual(loadOpenApiDocument());
    } finally {
      await sandbox.close();
    }
  });

  test('every schema the suite validates with is one of its components, and compiles', () => {
    const components = Object.keys(loadOpenApiDocument().components.schemas);
    for (const name of SCHEMA_NAMES) {
      expect(components, name).toContain(name);
      expect(schemaViolations(name, null), name).toEqual(['(root) must be object']);
    }
  });

  test('a component reached through $ref reports violations at the body paths', () => {
    const page = { data: [{ id: 1 }, { id: 'a', status: 'sold', list_id: 2 }], next_token: 3 };
    expect(schemaViolations('listing-page', page)).toEqual([
      "/data/0 must have required property 'status'",
      '/data/0/id must be string',
      '/data/1/list_id must be string',
      '/next_token must be string,null',
    ]);
  });
});

test.describe('the parsed document kept as JSON (spec/openapi.ts)', () => {
  const yaml = readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8');
  let cacheDir = '';
  test.beforeEach(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'openapi-cache-'));
  });
  test.afterEach(() => {
    rmSync(cacheDir, { recursive: true, force: true });
  });

  test('the first load parses the YAML and keeps it; the next reads the same document from the cache', () => {
    expect(parseOpenApiYaml(yaml, cacheDir)).toEqual(parse(yaml));
    const [kept, ...others] = readdirSync(cacheDir);
    expect(others).toEqual([]);
    writeFileSync(join(cacheDir, kept ?? ''), JSON.stringify({ openapi: 'from the cache' }));
    expect(parseOpenApiYaml(yaml, cacheDir)).toEqual({ openapi: 'from the cache' });
  });

  test('another YAML is another file; a damaged cache file is parsed again and rewritten', () => {
    parseOpenApiYaml(yaml, cacheDir);
    const edited = `${yaml}\nx-edited: true\n`;
    expect(parseOpenApiYaml(edited, cacheDir)).toMatchObject({ 'x-edited': true });
    expect(readdirSync(cacheDir)).toHaveLength(2);
    for (const file of readdirSync(cacheDir)) writeFileSync(join(cacheDir, file), '{"openapi": "3.1');
    expect(parseOpenApiYaml(yaml, cacheDir)).toEqual(parse(yaml));
    // The document's own file is whole again; the edited YAML's stays damaged until it is loaded.
    const readable = readdirSync(cacheDir).flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(join(cacheDir, file), 'utf8')) as unknown];
      } catch {
        return [];
      }
    });
    expect(readable).toEqual([parse(yaml)]);
  });

  test('a cache folder that cannot be written leaves the document parsed as before', () => {
    const blocked = join(cacheDir, 'a-file-not-a-folder');
    writeFileSync(blocked, '');
    expect(parseOpenApiYaml(yaml, blocked)).toEqual(parse(yaml));
    expect(readdirSync(cacheDir)).toEqual(['a-file-not-a-folder']);
  });
});
