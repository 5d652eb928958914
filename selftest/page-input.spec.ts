import { expect, test, type Page } from '@playwright/test';
import { clickOn, typeInto, typeSecretInto } from '../helpers/clients/page-input.js';
import { patient } from '../helpers/target/patience.js';

/**
 * For speed, the browser flow types and clicks by the page's querySelector and Chromium's own input
 * where Playwright's fill and click would send the same, and hands every other page to them. Each
 * test says which way was taken (Playwright's fill and click are counted) and what the page got.
 */

const TIMEOUT_MS = patient(3_000);

/** Counts the calls of Playwright's own fill and click on the page: the hand-overs. */
function countHandOvers(page: Page): { fill: number; click: number } {
  const counts = { fill: 0, click: 0 };
  const fill = page.fill.bind(page);
  const click = page.click.bind(page);
  page.fill = async (...args: Parameters<Page['fill']>) => {
    counts.fill += 1;
    return fill(...args);
  };
  page.click = async (...args: Parameters<Page['click']>) => {
    counts.click += 1;
    return click(...args);
  };
  return counts;
}

/** A form whose submission is recorded in the page: what each field held and which button was pressed. */
const RECORDING_FORM = `<form onsubmit="event.preventDefault(); window.sent = {
    login: this.login.value, password: this.password.value, button: event.submitter.id }">
  <input id="login" name="login" value="old">
  <input id="password" name="password" type="password">
  <button id="go">Sign in</button>
</form>
<script>
  window.events = [];
  for (const type of ['input', 'change']) document.addEventListener(type, (e) => events.push(e.target.id + ':' + type));
</script>`;

async function sent(page: Page): Promise<unknown> {
  return page
    .waitForFunction(() => (window as unknown as { sent?: unknown }).sent, undefined, { timeout: TIMEOUT_MS })
    .then((handle) => handle.jsonValue());
}

test.describe('the browser flow types and clicks as Playwright would', () => {
  test('a plain form: typed, the secret set with its events, the button pressed, no hand-over', async ({
    page,
  }) => {
    await page.setContent(RECORDING_FORM);
    const handOvers = countHandOvers(page);
    await typeInto(page, '#login', 'ana', TIMEOUT_MS);
    await typeSecretInto(page, '#password', 's3cret', TIMEOUT_MS);
    await clickOn(page, '#go', TIMEOUT_MS);
    // The old value is replaced, not added to: the field's text is selected before the typing.
    expect(await sent(page)).toEqual({ login: 'ana', password: 's3cret', button: 'go' });
    expect(await page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(
      expect.arrayContaining(['login:input', 'password:input', 'password:change']),
    );
    expect(handOvers).toEqual({ fill: 0, click: 0 });
  });

  test('a button below the fold is scrolled to and pressed', async ({ page }) => {
    await page.setContent(RECORDING_FORM.replace('<button', '<div style="height: 3000px"></div><button'));
    const handOvers = countHandOvers(page);
    await clickOn(page, '#go', TIMEOUT_MS);
    expect(await sent(page)).toMatchObject({ button: 'go' });
    expect(handOvers.click).toBe(0);
  });

  test('another selector syntax is handed to Playwright', async ({ page }) => {
    await page.setContent(RECORDING_FORM);
    const handOvers = countHandOvers(page);
    await typeInto(page, 'xpath=//input[@name="login"]', 'ana', TIMEOUT_MS);
    await clickOn(page, 'text=Sign in', TIMEOUT_MS);
    expect(await sent(page)).toMatchObject({ login: 'ana', button: 'go' });
    expect(handOvers).toEqual({ fill: 1, click: 1 });
  });

  /** Pages whose button Playwright's click waits for: the page takes away what stops it after 300 ms. */
  const WAITED_FOR = [
    {
      what: 'a covered button',
      html: `${RECORDING_FORM}<div id="cover" style="position: fixed; inset: 0; background: white"></div>
        <script>setTimeout(() => document.getElementById('cover').remove(), 300)</script>`,
    },
    {
      what: 'a disabled button',
      html: `${RECORDING_FORM.replace('<button id="go"', '<button id="go" disabled')}
        <script>setTimeout(() => document.getElementById('go').disabled = false, 300)</script>`,
    },
    {
      what: 'a button in a disabled fieldset',
      html: `${RECORDING_FORM.replace('<button id="go">Sign in</button>', '<fieldset id="set" disabled><button id="go">Sign in</button></fieldset>')}
        <script>setTimeout(() => document.getElementById('set').disabled = false, 300)</script>`,
    },
    {
      what: 'an aria-disabled button',
      html: `${RECORDING_FORM.replace('<button id="go"', '<button id="go" aria-disabled="true"')}
        <script>setTimeout(() => document.getElementById('go').removeAttribute('aria-disabled'), 300)</script>`,
    },
  ];
  for (const { what, html } of WAITED_FOR)
    test(`${what} is handed to Playwright, which waits until it can be clicked`, async ({ page }) => {
      await page.setContent(html);
      const handOvers = countHandOvers(page);
      await clickOn(page, '#go', TIMEOUT_MS);
      expect(await sent(page)).toMatchObject({ button: 'go' });
      expect(handOvers.click).toBe(1);
    });

  test('fields shown only later are handed over and waited for; a read-only one too', async ({ page }) => {
    await page.setContent(
      `${RECORDING_FORM.replace('<form', '<form style="display: none" id="f"').replace('value="old"', 'value="old" readonly')}
      <script>setTimeout(() => { document.getElementById('f').style.display = '';
        document.getElementById('login').readOnly = false }, 300)</script>`,
    );
    const handOvers = countHandOvers(page);
    await typeInto(page, '#login', 'ana', TIMEOUT_MS);
    await typeSecretInto(page, '#password', 's3cret', TIMEOUT_MS);
    await clickOn(page, '#go', TIMEOUT_MS);
    expect(await sent(page)).toEqual({ login: 'ana', password: 's3cret', button: 'go' });
    // The secret's hand-over is fillSecret (a locator's wait and evaluate), not page.fill.
    expect(handOvers).toEqual({ fill: 1, click: 0 });
  });

  test('an element that is not there fails as Playwright fails, at its timeout', async ({ page }) => {
    await page.setContent(RECORDING_FORM);
    await expect(clickOn(page, '#missing', 500)).rejects.toThrow(/Timeout 500ms exceeded/);
    await expect(typeInto(page, '#missing', 'ana', 500)).rejects.toThrow(/Timeout 500ms exceeded/);
  });
});
