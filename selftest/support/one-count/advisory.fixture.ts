// The advisory project of selftest/support/one-count/playwright.config.ts: a point that does not hold.
import { test } from '@playwright/test';
import { advise, advisory } from '../../../helpers/assert/advise.js';

test('an advisory point that does not hold', advisory('RFC 9700 §2'), () => {
  advise(false, 'RFC 9700 §2', 'an https:// authorization endpoint', 'http://127.0.0.1:1');
});
