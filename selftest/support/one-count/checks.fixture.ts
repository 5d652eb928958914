// The conformance project of selftest/support/one-count/playwright.config.ts: one check holds, one
// fails, one test skips.
import { test } from '@playwright/test';
import { verify } from '../../../helpers/assert/verify.js';

test('a check that holds', () => {
  verify(true, ['R4.2-01'], 'a token', 'a token');
});

test('a check that fails', () => {
  verify(false, ['R4.2-01'], 'a token', 'no token');
});

test('a test that skips', () => {
  test.skip(true, 'needs a second user: set TARGET_USER2_LOGIN');
});
