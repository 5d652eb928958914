import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { HttpRequestRecord } from '../helpers/record/exchange.js';
import { registerSecret } from '../helpers/report/redact.js';
import { curlCommand, placeholdersIn, rerunCommand, shellQuote } from '../helpers/report/reproduce.js';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import { playwrightTestArgs } from '../embedded/playwright-command.js';
import { environment } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

const PLAIN = { privateCa: false };

function post(url: string, contentType: string, body: string, headers: Record<string, string> = {}) {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...headers },
    body,
  } satisfies HttpRequestRecord;
}

/** What the shell makes of a word: the word echoed by sh with the given variables set. */
function shellValue(word: string, variables: Record<string, string> = {}): string {
  return execFileSync('sh', ['-c', `printf '%s' ${word}`], {
    env: { PATH: environment().PATH ?? '', ...variables },
    encoding: 'utf8',
  });
}

test.describe('curl reproductions', () => {
  test('a form body keeps its fields and names each secret by what it holds', () => {
    const command = curlCommand(
      post(
        'https://auth.example/token',
        'application/x-www-form-urlencoded',
        'grant_type=authorization_code&code=c0de-value&client_id=cl1&client_secret=s3cret-value&redirect_uri=https%3A%2F%2Fclient.example%2Fcb',
      ),
      PLAIN,
    );
    expect(command).not.toContain('c0de-value');
    expect(command).not.toContain('s3cret-value');
    expect(command).toContain(
      `--data-binary 'grant_type=authorization_code&code='"$AUTHORIZATION_CODE"'&client_id=cl1&client_secret='"$CLIENT_SECRET"'&redirect_uri=https%3A%2F%2Fclient.example%2Fcb'`,
    );
    expect(command).toContain(`-H 'content-type: application/x-www-form-urlencoded'`);
    expect(command).not.toContain('-X POST');
    expect(placeholdersIn(command)).toEqual(['AUTHORIZATION_CODE', 'CLIENT_SECRET']);
  });

  test('a JSON body has its secret fields replaced at any depth, other fields as sent', () => {
    const body = JSON.stringify({
      url: 'https://hook.example/in',
      nested: { token: 'ntk_value_1' },
      method: 'POST',
    });
    const command = curlCommand(
      post('http://apps.example/notifications/v1', 'application/json', body),
      PLAIN,
    );
    expect(command).not.toContain('ntk_value_1');
    const word = /--data-binary (.*)$/m.exec(command)?.[1] ?? '';
    expect(JSON.parse(shellValue(word, { NOTIFICATION_TOKEN: 'filled' }))).toEqual({
      url: 'https://hook.example/in',
      nested: { token: 'filled' },
      method: 'POST',
    });
  });

  test('a bearer token, a Basic pair and the control key become variables; the scheme stays', () => {
    const command = curlCommand(
      {
        method: 'GET',
        url: 'http://apps.example/autoupload/v1/published',
        headers: {
          authorization: 'Bearer tok-abcdef',
          'proxy-authorization': 'Basic Y2w6c2VjcmV0',
          'x-sandbox-key': 'key-abcdef',
          accept: 'application/json',
        },
      },
      PLAIN,
    );
    expect(command).toContain(`-H 'authorization: Bearer '"$ACCESS_TOKEN"`);
    expect(command).toContain(`-H 'proxy-authorization: Basic '"$BASIC_CREDENTIALS"`);
    expect(command).toContain(`-H 'x-sandbox-key: '"$CONTROL_KEY"`);
    expect(command).toContain(`-H 'accept: application/json'`);
    expect(command).not.toMatch(/tok-abcdef|Y2w6c2VjcmV0|key-abcdef/);
  });

  test('secrets in a query string are replaced; a GET with a body keeps its method', () => {
    const command = curlCommand(
      {
        method: 'GET',
        url: 'https://auth.example/token?client_id=cl&client_secret=qs-secret&code=qs-code#frag',
        headers: {},
        body: 'grant_type=authorization_code',
      },
      { privateCa: true },
    );
    expect(command).toContain(`-X GET`);
    expect(command).toContain(`--cacert "$TLS_CA_FILE"`);
    expect(command).toContain(
      `'https://auth.example/token?client_id=cl&client_secret='"$CLIENT_SECRET"'&code='"$AUTHORIZATION_CODE"'#frag'`,
    );
    expect(command).not.toMatch(/qs-secret|qs-code/);
  });

  test('a registered secret where no name says so becomes $SECRET', () => {
    registerSecret('registered-in-path-123');
    const command = curlCommand(
      {
        method: 'DELETE',
        url: 'http://apps.example/x/registered-in-path-123',
        headers: { 'x-note': 'registered-in-path-123' },
      },
      PLAIN,
    );
    expect(command).not.toContain('registered-in-path-123');
    expect(command).toContain(`'http://apps.example/x/'"$SECRET"`);
    expect(command).toContain(`-X DELETE`);
  });

  test('quotes, spaces, dollars and newlines survive the shell unchanged', () => {
    const tricky = `it's "quoted" $HOME \`cmd\` \\ back\nnew line`;
    expect(shellValue(shellQuote(tricky))).toBe(tricky);
    expect(shellValue(shellQuote(''))).toBe('');
    const body = `note=${encodeURIComponent(tricky)}&password=pw-value`;
    const command = curlCommand(post('http://a.example/p', 'text/plain', body), PLAIN);
    const word = /--data-binary (.*)$/m.exec(command)?.[1] ?? '';
    expect(shellValue(word, { PASSWORD: 'p w' })).toBe(`note=${encodeURIComponent(tricky)}&password=p w`);
  });

  test('the rerun command names the project, the file and line, and the fault switches', () => {
    const title = 'an unknown code (R7.2-07) is refused with invalid_grant';
    const where = { project: 'conformance', file: 'suites/token/errors.spec.ts', title };
    const grep = `--grep '(^| )an unknown code \\(R7\\.2-07\\) is refused with invalid_grant( @|$)'`;
    expect(rerunCommand({ ...where, line: 130 }, {}, false)).toBe(
      `npx playwright test --project=conformance 'suites/token/errors.spec.ts:130' ${grep}`,
    );
    expect(
      rerunCommand({ ...where, line: 7 }, { SANDBOX_FAULTS: 'code-reuse,token-pragma-missing' }, false),
    ).toBe(
      `SANDBOX_FAULTS='code-reuse,token-pragma-missing' npx playwright test --project=conformance 'suites/token/errors.spec.ts:7' ${grep}`,
    );
    // Installed as a package: the package's command, by file and exact title (no line needed).
    expect(rerunCommand({ ...where, line: 2 }, { SANDBOX_FAULTS: 'code-reuse' }, true)).toBe(
      `SANDBOX_FAULTS='code-reuse' npx classifieds-conformance run 'suites/token/errors.spec.ts' ${grep}`,
    );
  });

  test("the rerun line selects a loop's failing case alone, not every case declared on its line", async () => {
    test.setTimeout(patient(120_000));
    // The first of a loop's cases; `code_verifier`-like longer titles must not match it either.
    const title = 'a request without code is refused with invalid_request';
    const rerun = rerunCommand(
      { project: 'conformance', file: 'suites/token/errors.spec.ts', line: 25, title },
      {},
      false,
    );
    const args = [...rerun.matchAll(/'((?:[^']|'\\'')*)'/g)].map((match) =>
      (match[1] ?? '').replace(/'\\''/g, "'"),
    );
    const reports = mkdtempSync(join(tmpdir(), 'rerun-list-'));
    const listed = await spawnCollect(
      process.execPath,
      [
        ...playwrightTestArgs(),
        '--list',
        '--project=conformance',
        ...args.slice(0, 1),
        '--grep',
        args[1] ?? '',
      ],
      { ...environmentWithoutTarget(), REPORTS_DIR: reports },
      110_000,
    );
    rmSync(reports, { recursive: true, force: true });
    const tests = listed.stdout.split('\n').filter((line) => line.includes('errors.spec.ts:'));
    expect(tests, listed.stdout + listed.stderr).toHaveLength(1);
    expect(tests[0]).toContain(title);
  });
});

test.describe('curl reproductions whatever the names', () => {
  test('userinfo, x-api-key, a renamed token field and a %21 or + encoded secret become variables', () => {
    registerSecret('with spaces! and bangs');
    const command = curlCommand(
      post(
        'https://user:url-password@auth.example/oauth/token',
        'application/json',
        JSON.stringify({ accessToken: 'renamed-field-token', note: 'kept' }),
        { 'x-api-key': 'api-key-value' },
      ),
      PLAIN,
    );
    const form = curlCommand(
      post(
        'https://auth.example/t',
        'text/plain',
        'x=with+spaces%21+and+bangs&y=with%20spaces!%20and%20bangs',
      ),
      PLAIN,
    );
    for (const secret of ['url-password', 'renamed-field-token', 'api-key-value'])
      expect(command).not.toContain(secret);
    expect(command).toContain('"$ACCESS_TOKEN"');
    expect(command).toContain('kept');
    expect(form).not.toMatch(/spaces/);
  });
});
