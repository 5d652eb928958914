import { expect, test } from '@playwright/test';
import { ControlClient } from '../helpers/clients/control-client.js';
import { FormConsent, PagesNeedBrowser } from '../helpers/clients/form-consent.js';
import { HtmlPage, NeedsBrowser } from '../helpers/clients/html-form.js';
import { HttpClient } from '../helpers/clients/http.js';
import { authorizationUrl } from '../helpers/clients/oauth-client.js';
import { startSandbox } from '../sandbox/start.js';
import type { VariantName } from '../sandbox/variants.js';
import type { AuthorizeOptions } from '../helpers/clients/authorization-flow.js';
import { EMBEDDED_SANDBOX_SELECTORS } from '../spec/contract.js';

/**
 * Set-up authorizations without a browser, which is faster. The forms are read and sent as a browser
 * sends them (the HTML standard's successful controls), and every page a browser would handle
 * differently (scripts, other encodings, a selector that matches no submit button) is handed to
 * the browser instead of being guessed at.
 */
const PAGE = 'https://auth.example/oauth?x=1';

function submission(html: string, submitter: string, fills: Array<[string, string]> = []) {
  const sent = new HtmlPage(html, PAGE).submit(submitter, fills);
  return { ...sent, fields: [...new URLSearchParams(sent.body || new URL(sent.url).search)] };
}

test.describe('HTML forms read as a browser reads them', () => {
  test('hidden fields, typed values, the pressed button only, checked boxes, selects and textareas', () => {
    const html = `<form method="post" action="/oauth/login">
      <input type="hidden" name="request" value="r1"><input id="u" name="login"><input id="p" type="password" name="password">
      <input type="checkbox" name="remember" value="yes" checked><input type="checkbox" name="ads">
      <input name="off" value="x" disabled><select name="lang"><option value="pt">pt</option><option value="en" selected>en</option></select>
      <textarea name="note">hi</textarea><button id="go" name="decision" value="approve">ok</button><button name="decision" value="deny">no</button>
      <button type="button" name="noise">x</button></form>`;
    const sent = submission(html, '#go', [
      ['#u', 'ana'],
      ['#p', 'pw'],
    ]);
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('https://auth.example/oauth/login');
    expect(sent.fields).toEqual([
      ['request', 'r1'],
      ['login', 'ana'],
      ['password', 'pw'],
      ['remember', 'yes'],
      ['lang', 'en'],
      ['note', 'hi'],
      ['decision', 'approve'],
    ]);
  });

  test('a GET form puts its fields in the query; formaction and formmethod of the button win', () => {
    const get = submission(
      '<form action="next"><input name="a" value="1"><button id="b">go</button></form>',
      '#b',
    );
    expect(get.method).toBe('GET');
    expect(get.url).toBe('https://auth.example/next?a=1');
    const overridden = submission(
      '<form method="get" action="/a"><button id="b" formaction="/b" formmethod="post">go</button></form>',
      '#b',
    );
    expect([overridden.method, overridden.url]).toEqual(['POST', 'https://auth.example/b']);
  });

  test('what a browser would do otherwise is handed to the browser', () => {
    const page = (html: string): HtmlPage => new HtmlPage(html, PAGE);
    expect(() =>
      page('<form enctype="multipart/form-data"><button id="b">x</button></form>').submit('#b'),
    ).toThrow(NeedsBrowser);
    expect(() => page('<form><div id="b">x</div></form>').submit('#b')).toThrow(NeedsBrowser);
    expect(() => page('<button id="b">x</button>').submit('#b')).toThrow(NeedsBrowser);
    expect(() => page('<form><button>x</button></form>').submit('#missing')).toThrow(NeedsBrowser);
    expect(page('<form><button>x</button></form><script>1</script>').scripted()).toBe(true);
    expect(page('<meta http-equiv="Refresh" content="0;url=/x">').scripted()).toBe(true);
    expect(page('<form><button>x</button></form>').scripted()).toBe(false);
  });
});

const KEY = 'form-flow-selftest-key-0123456789';
const CLIENT_ORIGIN = 'http://127.0.0.1:9';
const REDIRECT_URI = `${CLIENT_ORIGIN}/form-flow/callback`;

interface FreshAccount {
  flow: FormConsent;
  /** The authorization URL of the fresh client, with `state`. */
  url: (state: string) => string;
  options: AuthorizeOptions;
}

/** A sandbox with `variants`, a fresh client and user on it, and a form flow for them. */
async function withFreshAccount(variants: VariantName[], body: (account: FreshAccount) => Promise<void>) {
  const sandbox = await startSandbox({ controlKey: KEY, variants });
  const http = new HttpClient({ caFile: sandbox.caFile });
  try {
    const control = new ControlClient(http, sandbox.controlUrl, KEY);
    const client = await control.createClient([REDIRECT_URI]);
    const user = await control.createUser();
    const url = (state: string): string =>
      authorizationUrl(sandbox.authUrl, {
        clientId: client.clientId,
        redirectUri: REDIRECT_URI,
        scope: 'basic_user_info',
        state,
      });
    await body({
      flow: new FormConsent(http, EMBEDDED_SANDBOX_SELECTORS),
      url,
      options: { clientOrigin: CLIENT_ORIGIN, user },
    });
  } finally {
    await http.close();
    await sandbox.close();
  }
}

test.describe('the browserless flow against the sandbox', () => {
  test('a page that moves on by script is the browser’s: PagesNeedBrowser, and no code is made up', async () => {
    await withFreshAccount(['authz-other-redirects'], async ({ flow, url, options }) => {
      await expect(flow.authorize(url('s1'), options)).rejects.toThrow(PagesNeedBrowser);
    });
  });

  test('approval gives a code and the state; the session skips the login page next time; denial gives access_denied', async () => {
    await withFreshAccount([], async ({ flow, url, options }) => {
      const first = await flow.authorize(url('s1'), options);
      expect(first.kind === 'redirected' && [first.code !== null, first.state, first.pagesSeen]).toEqual([
        true,
        's1',
        ['login', 'consent'],
      ]);
      const second = await flow.authorize(url('s2'), options);
      expect(second.kind === 'redirected' && [second.state, second.pagesSeen]).toEqual(['s2', ['consent']]);
      const denied = await flow.authorize(url('s3'), { ...options, decision: 'deny' });
      expect(denied.kind === 'redirected' && [denied.error, denied.code, denied.state]).toEqual([
        'access_denied',
        null,
        's3',
      ]);
    });
  });
});
