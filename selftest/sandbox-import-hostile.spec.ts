import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { assertProperty } from '../helpers/assert/property.js';
import { insertAd, startImportSandbox, type ImportSandbox } from './support/import-sandbox.js';

/**
 * The ad import under hostile input (a shared host): whatever JSON an import carries, the answer is
 * the import's 200 with a statusCode, or a 4xx `{reason, message}`; never a 5xx, never HTML. The
 * property prints its seed and replays from it.
 */
let box: ImportSandbox;
test.beforeAll(async () => {
  box = await startImportSandbox();
});
test.afterAll(async () => {
  await box.sandbox.close();
});

/** An ad made of valid fields with some replaced by arbitrary JSON. */
const oddAd = fc
  .tuple(
    fc.dictionary(
      fc.constantFrom('id', 'operation', 'category', 'phone', 'type', 'zipcode', 'params', 'price', 'images'),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 3 },
    ),
    fc.constantFrom('insert', 'delete'),
  )
  .map(([odd, operation]) => ({ ...insertAd('fuzz-ad', { operation }), ...odd }));

const oddImport = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.oneof(oddAd, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 }),
);

test("whatever an import carries, the answer is the import's JSON or a 4xx {reason, message}", async () => {
  const { token } = box.user();
  await assertProperty(
    'ad import fuzz',
    fc.asyncProperty(oddImport, async (adList) => {
      const answer = await box.put(token, adList);
      if (answer.status === 200) {
        expect(typeof answer.body.statusCode).toBe('number');
        expect(answer.body.statusCode as number).toBeLessThanOrEqual(0);
      } else {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(typeof answer.body.reason).toBe('string');
      }
    }),
    // A step is one import.
    { runs: 150, shrink: { seconds: 30, requests: 1_000 } },
  );
});
