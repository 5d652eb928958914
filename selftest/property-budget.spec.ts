import { expect, test } from '@playwright/test';
import { runsFor } from '../helpers/assert/property.js';

test.describe('property-test sizing', () => {
  test('a gate run uses the budget of the test', () => {
    expect(runsFor({ runs: 12 }, {})).toBe(12);
  });

  test('FC_RUNS_SCALE multiplies every budget, for nightly runs that explore more', () => {
    expect(runsFor({ runs: 12 }, { FC_RUNS_SCALE: '5' })).toBe(60);
    expect(runsFor({ runs: 3 }, { FC_RUNS_SCALE: '0.1' })).toBe(1);
  });

  test('FC_RUNS fixes the number of runs of every property, whatever the scale', () => {
    expect(runsFor({ runs: 12 }, { FC_RUNS: '3', FC_RUNS_SCALE: '5' })).toBe(3);
  });

  test('values that are not positive numbers fall back to the budget', () => {
    expect(runsFor({ runs: 8 }, { FC_RUNS: 'many', FC_RUNS_SCALE: '-2' })).toBe(8);
  });
});
