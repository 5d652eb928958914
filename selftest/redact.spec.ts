import { expect, test } from '@playwright/test';
import { describeExchange } from '../helpers/exchange.js';
import { REDACTED, redactBody, redactText, redactUrl, registerSecret } from '../helpers/redact.js';

test.describe('redaction', () => {
  test('registered secrets vanish from free text, raw and percent-encoded', () => {
    registerSecret('s3cr3t/value+1');
    expect(redactText('a s3cr3t/value+1 b s3cr3t%2Fvalue%2B1')).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  test('sensitive form fields and query parameters are redacted even when never registered', () => {
    expect(
      redactBody('code=abc123&client_id=cl&client_secret=zzz', 'application/x-www-form-urlencoded'),
    ).toBe(`code=${REDACTED}&client_id=cl&client_secret=${REDACTED}`);
    expect(redactUrl('http://h/cb?code=qwerty&state=s')).toBe(`http://h/cb?code=${REDACTED}&state=s`);
  });

  test('sensitive JSON fields are redacted at any depth', () => {
    const text = redactBody(
      JSON.stringify({ access_token: 'tok', nested: { password: 'pw', token: 'nt' }, name: 'kept' }),
      'application/json',
    );
    expect(JSON.parse(text)).toEqual({
      access_token: REDACTED,
      nested: { password: REDACTED, token: REDACTED },
      name: 'kept',
    });
  });

  test('an exchange shows no header or body secret', () => {
    const shown = describeExchange({
      request: {
        method: 'POST',
        url: 'https://a/oauth/token',
        headers: { authorization: 'Basic dXNlcjpwYXNz', 'x-sandbox-key': 'control-key-value' },
        body: 'client_secret=hidden-secret',
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-cookie': 'sid=abc' },
        body: '{"access_token":"issued-token-value"}',
      },
      durationMs: 1,
    });
    for (const secret of [
      'dXNlcjpwYXNz',
      'control-key-value',
      'hidden-secret',
      'sid=abc',
      'issued-token-value',
    ])
      expect(shown).not.toContain(secret);
  });
});
