import { expect, test } from '@playwright/test';
import { environment } from '../config/environment.js';
import { LOAD_PATIENCE, patience, patienceOfLoad, patient } from '../helpers/target/patience.js';

/**
 * The run's patience (helpers/target/patience.ts): a loaded machine makes every time bound longer
 * by one factor, which the run's main process fixes and its workers read.
 */
test.describe("the run's patience", () => {
  test('the load per core, in tenths, between 1 and 8', () => {
    expect(patienceOfLoad(0.3, 2)).toBe(LOAD_PATIENCE.least);
    expect(patienceOfLoad(2, 2)).toBe(1);
    expect(patienceOfLoad(5, 2)).toBe(2.5);
    expect(patienceOfLoad(5.01, 2)).toBe(2.6);
    expect(patienceOfLoad(20, 2)).toBe(LOAD_PATIENCE.most);
    expect(patienceOfLoad(3, 0)).toBe(3);
  });

  test("a worker's bounds grow by the factor its run's main process passed on", () => {
    const passed = Number(environment().CONFORMANCE_PATIENCE);
    expect(passed, 'CONFORMANCE_PATIENCE, set or passed on by the main process').toBeGreaterThanOrEqual(1);
    expect(patience()).toBe(passed);
    expect(patient(60_000)).toBe(Math.round(60_000 * passed));
  });
});
