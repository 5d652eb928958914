import { expect, test } from '@playwright/test';
import { REQUIREMENTS } from '../spec/requirements/catalogue.js';
import { FAULTS } from '../sandbox/faults.js';
import { VARIANTS } from '../sandbox/variants.js';

test.describe('fault and variant catalogues', () => {
  test('every fault names at least one requirement of the catalogue, and a testable one', () => {
    const byId = new Map(REQUIREMENTS.map((found) => [found.id, found]));
    for (const [name, fault] of Object.entries(FAULTS)) {
      expect(fault.requirements.length, `${name} names no requirement`).toBeGreaterThan(0);
      for (const id of fault.requirements) {
        expect(byId.has(id), `${name} names unknown requirement ${id}`).toBe(true);
        expect(byId.get(id)?.untestable, `${name} names untestable ${id}`).toBeUndefined();
      }
    }
  });

  test('variants only set variables of the contract or of this project', () => {
    const known = /^(WEBHOOK_|LOGIN_|CONSENT_|TARGET_|FC_|CONFORMANCE_)/;
    for (const [name, variant] of Object.entries(VARIANTS))
      for (const variable of Object.keys(variant.env))
        expect(known.test(variable), `${name} sets ${variable}`).toBe(true);
  });
});
