import { expect, test } from '@playwright/test';
import { timeForm } from '../helpers/profile/forms.js';
import { referenceChoices } from '../sandbox/calibrate/calibrate.js';

/**
 * The observed profile calls a delivery's value a time only where it could be one: a numeric-looking
 * id (the sandbox's ten-digit `list_id`) is not "epoch seconds", and what the reference shows (the
 * facts calibration and reliance contracts copy) holds no such false fact.
 */
const NOW_MS = Date.parse('2026-12-08T00:00:00Z');

test.describe('the profile reads times, not ids', () => {
  test('an id of digits is no time, under its name or past any plausible instant', () => {
    expect(timeForm('4213370012', 'data.ad.list_id', NOW_MS)).toBeUndefined();
    expect(timeForm('1765000000', 'data.ad.list_id', NOW_MS)).toBeUndefined();
    expect(timeForm(1765000000, 'classified_id', NOW_MS)).toBeUndefined();
    expect(timeForm('1765000000', 'data.ad.adId', NOW_MS)).toBeUndefined();
    // Ten digits under another name, later than tomorrow: a number, not a time.
    expect(timeForm('9876543210', 'data.ad.reference', NOW_MS)).toBeUndefined();
  });

  test('epoch times and ISO 8601 are still read', () => {
    expect(timeForm(1765000000, 'timestamp', NOW_MS)).toBe('epoch seconds as a number');
    expect(timeForm('1765000000123', 'created', NOW_MS)).toBe('epoch milliseconds as a string');
    expect(timeForm('2026-12-07T23:59:00.123', 'created_at', NOW_MS)).toBe(
      'ISO 8601 with "T", 3 fraction digits, no offset',
    );
  });

  test("the reference's delivery facts name no id as a time", () => {
    const deliveries = Object.keys(referenceChoices().deliveries ?? {});
    const timeKeys = deliveries.filter((key) => key.startsWith('time format of '));
    expect(timeKeys).toEqual(['time format of created_at']);
  });
});
