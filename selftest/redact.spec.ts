import { expect, test } from '@playwright/test';
import { describeExchange } from '../helpers/report/describe-exchange.js';
import {
  REDACTED,
  redactBody,
  redactHeaderValue,
  redactText,
  redactUrl,
  registerSecret,
} from '../helpers/report/redact.js';
import {
  registerRedirectSecrets,
  registerRequestSecrets,
  registerResponseSecrets,
  registerTokenResponseSecrets,
} from '../helpers/report/secret-harvest.js';

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

test.describe('redaction whatever the server does', () => {
  const SECRET = 'Pa$s w0rd!~(x)/"q"+z';

  test('a registered secret vanishes in every encoding a report could hold', () => {
    registerSecret(SECRET);
    const form = new URLSearchParams([['x', SECRET]]).toString().slice(2);
    const encodings = [
      SECRET,
      encodeURIComponent(SECRET),
      form,
      form.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      encodeURIComponent(SECRET).replace(/%20/g, '+'),
      JSON.stringify(SECRET).slice(1, -1),
      ...[0, 1, 2].flatMap((shift) => {
        const base64 = Buffer.concat([
          Buffer.from('ab'.slice(0, shift)),
          Buffer.from(`${SECRET}zz`),
        ]).toString('base64');
        return [base64, base64.replace(/\+/g, '-').replace(/\//g, '_')];
      }),
    ];
    for (const encoded of encodings) {
      const shown = redactText(`before ${encoded} after`);
      expect(shown, encoded).toContain(REDACTED);
      expect(shown, encoded).not.toContain(encoded);
    }
    expect(form).toContain('%21');
    expect(form).toContain('+');
  });

  test('values under names that look secret are hidden whatever their value and spelling', () => {
    for (const name of [
      'accessToken',
      'Client-Secret',
      'x-api-key',
      'API_KEY',
      'userPassword',
      'credentials',
      'authCode',
    ])
      expect(
        JSON.parse(redactBody(JSON.stringify({ [name]: 'never-registered-1' }), 'application/json')),
      ).toEqual({
        [name]: REDACTED,
      });
    expect(redactBody(JSON.stringify({ token_type: 'Bearer' }), 'application/json')).toContain('Bearer');
    expect(redactHeaderValue('X-Api-Key', 'never-registered-2')).toBe(REDACTED);
  });

  test('a code in a Location header, a fragment without query, or after ?state=...#', () => {
    for (const url of [
      'https://client.example/cb?code=unseen-code-1&state=s',
      'https://client.example/cb#code=unseen-code-1',
      'https://client.example/cb?state=s#code=unseen-code-1',
      'https://client.example/cb?state=s#access_token=unseen-code-1&token_type=Bearer',
    ]) {
      expect(redactUrl(url)).not.toContain('unseen-code-1');
      expect(redactHeaderValue('location', url)).not.toContain('unseen-code-1');
    }
  });

  test('URL userinfo is hidden wherever a URL appears', () => {
    const text = redactText(
      'POST https://user:pw-in-url@auth.example/oauth/token and http://hook:x@127.0.0.1:9/cb',
    );
    expect(text).not.toMatch(/pw-in-url|hook:x/);
    expect(text).toContain(`https://${REDACTED}@auth.example/oauth/token`);
  });

  test('non-JSON, truncated and HTML bodies lose their named secrets too', () => {
    const truncated = '{"data": 1, "accessToken": "unseen-token-in-cut-bo';
    expect(redactBody(truncated, 'application/json')).not.toContain('unseen-token');
    const html = '<p>bad request: client_secret=unseen-secret-3&code=unseen-code-3</p>';
    expect(redactBody(html, 'text/html')).not.toMatch(/unseen-secret-3|unseen-code-3/);
    const headers = 'X-Access-Token: unseen-token-4\nContent-Type: text/plain';
    expect(redactText(headers)).toBe(`X-Access-Token: ${REDACTED}\nContent-Type: text/plain`);
  });

  test('every issued value is registered whatever field carries it', () => {
    registerTokenResponseSecrets(
      JSON.stringify({ accessToken: 'renamed-token-5', token_type: 'Bearer', scope: 'basic_user_info' }),
    );
    registerRedirectSecrets('https://client.example/cb?state=s#authorization_code=fragment-code-6');
    registerResponseSecrets({
      status: 302,
      headers: { location: 'https://c.example/cb?the_code=location-code-7', 'x-api-key': 'header-key-8' },
      body: '',
    });
    const shown = redactText(
      'renamed-token-5 fragment-code-6 location-code-7 header-key-8 basic_user_info Bearer',
    );
    expect(shown).toBe(`${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED} basic_user_info Bearer`);
  });
});

test('a header holding only a scheme registers nothing: "Bearer" stays readable', () => {
  registerRequestSecrets({ method: 'GET', url: 'https://a/x', headers: { authorization: 'Bearer' } });
  expect(redactText('token_type is Bearer')).toBe('token_type is Bearer');
});
