import { expect, test } from '@playwright/test';
import { loadOpenApiDocument } from '../spec/openapi.js';
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
