import { expect, test } from '@playwright/test';
import { advise, antiFraming, estimatedBits } from '../helpers/assert/advise.js';

test.describe('advisory checks can fail', () => {
  test('framing is allowed without X-Frame-Options or frame-ancestors', () => {
    expect(antiFraming({})).toBe(false);
    expect(antiFraming({ 'x-frame-options': 'ALLOW-FROM https://a.example' })).toBe(false);
    expect(antiFraming({ 'content-security-policy': "default-src 'self'" })).toBe(false);
    expect(antiFraming({ 'x-frame-options': 'deny' })).toBe(true);
    expect(antiFraming({ 'content-security-policy': "frame-ancestors 'none'" })).toBe(true);
  });

  test('short or hexadecimal values fall under 128 bits', () => {
    expect(estimatedBits('a1b2c3d4e5f60718293a4b5c6d7e8f90')).toBe(128);
    expect(estimatedBits('0123456789abcdef0123456789abcde')).toBeLessThan(128);
    expect(estimatedBits('Ab3_-xYz')).toBeLessThan(128);
    expect(estimatedBits('q'.repeat(22) + '_')).toBeGreaterThanOrEqual(128);
  });

  test('a warning names its reference and starts with ADVISORY, for the report category', () => {
    expect(() => {
      advise(false, 'RFC 9700 §4.2.4', 'no Referer', 'Referer: https://auth.example/oauth?code=x');
    }).toThrow(/^ADVISORY \(RFC 9700 §4\.2\.4\)/);
  });
});
