import type { Page } from '@playwright/test';
import { registerSecret } from '../report/redact.js';
import { fillSecret } from '../report/secret-fill.js';

/**
 * Typing and clicking on the login and consent pages, by Chromium's own input as Playwright sends
 * it (the field focused with its text selected, then `insertText`; a mouse press and release at the
 * element's centre), found by the page's querySelector instead of Playwright's selector engine.
 * The engine is a script of 340 kB that Playwright evaluates in every document it touches, once for
 * the login page and once for the consent page: without it a flow took 204 and 227 ms of browser
 * CPU instead of 293 to 344, and 61 and 69 ms of the test process's instead of 97 to 114
 * (bench/consent-flow.ts, 40 flows, twice each way).
 *
 * The quick way is taken only where it sends what Playwright's fill and click would: a CSS selector
 * whose first element is there, visible, enabled (a field also editable and of a type typed into),
 * and, for a click, at rest over one animation frame and the element hit at its centre. Anywhere
 * else (another selector syntax, an element not there yet, hidden, disabled, covered, moving, the
 * document replaced meanwhile) Playwright's own fill and click take over, with their waits and
 * their timeout.
 */

interface Point {
  x: number;
  y: number;
}

/** Fills a text field with a value that may be shown (a login): Playwright's fill where needed. */
export async function typeInto(
  page: Page,
  selector: string,
  value: string,
  timeoutMs: number,
): Promise<void> {
  // An empty value is a Delete key press in Playwright's fill: left to it.
  const focused = value !== '' && (await page.evaluate(focusTextField, selector).catch(() => false));
  if (focused) await page.keyboard.insertText(value);
  else await page.fill(selector, value, { timeout: timeoutMs });
}

/**
 * Puts a secret into a field as `fillSecret` does (the input's own setter, then input and change
 * events), never through insertText, whose step title would carry the value.
 */
export async function typeSecretInto(
  page: Page,
  selector: string,
  secret: string,
  timeoutMs: number,
): Promise<void> {
  registerSecret(secret);
  const done = await page.evaluate(setSecretField, { selector, secret }).catch(() => false);
  if (!done) await fillSecret(page.locator(selector).first(), secret, timeoutMs);
}

/** Clicks the element, without waiting for what the click starts: Playwright's click where needed. */
export async function clickOn(page: Page, selector: string, timeoutMs: number): Promise<void> {
  const point = await page.evaluate(clickablePoint, selector).catch(() => null);
  if (point !== null) await page.mouse.click(point.x, point.y);
  else await page.click(selector, { timeout: timeoutMs, noWaitAfter: true });
}

// The functions below run in the page. Each is one arrow function that declares no named function
// inside: a transform that names functions (tsx keeps names by a helper) would break it there.

/** Focuses the field and selects its text, as Playwright's fill does before insertText. */
const focusTextField = (selector: string): boolean => {
  let element: Element | null;
  try {
    element = document.querySelector(selector);
  } catch {
    return false;
  }
  // The input types Playwright's fill types into (`type` reads `text` for a missing or unknown one).
  const typed = ['text', 'email', 'password', 'search', 'tel', 'url'];
  const field =
    element instanceof HTMLInputElement && typed.includes(element.type)
      ? element
      : element instanceof HTMLTextAreaElement
        ? element
        : null;
  if (field === null || field.disabled || field.readOnly) return false;
  const box = field.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || getComputedStyle(field).visibility === 'hidden') return false;
  field.select();
  field.focus();
  return document.activeElement === field;
};

const setSecretField = ({ selector, secret }: { selector: string; secret: string }): boolean => {
  let element: Element | null;
  try {
    element = document.querySelector(selector);
  } catch {
    return false;
  }
  if (!(element instanceof HTMLInputElement) || element.disabled || element.readOnly) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return false;
  element.focus();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, secret);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
};

/** The element's centre, in view, when it is at rest and would take a click there; else null. */
const clickablePoint = async (selector: string): Promise<Point | null> => {
  let element: Element | null;
  try {
    element = document.querySelector(selector);
  } catch {
    return null;
  }
  if (element === null) return null;
  // Disabled as Playwright's click reads it: the control's own, a disabled fieldset's, aria-disabled.
  if (element.matches(':disabled') || element.closest('[aria-disabled="true"]') !== null) return null;
  if (getComputedStyle(element).visibility === 'hidden') return null;
  const first = element.getBoundingClientRect();
  const inView =
    first.top >= 0 && first.left >= 0 && first.bottom <= innerHeight && first.right <= innerWidth;
  if (!inView) element.scrollIntoView({ block: 'center', inline: 'center' });
  const before = element.getBoundingClientRect();
  // One frame later, or not at rest: a page that draws no frame (hidden) is left to Playwright.
  const framed = await Promise.race([
    new Promise<boolean>((resolve) => {
      requestAnimationFrame(() => {
        resolve(true);
      });
    }),
    new Promise<boolean>((resolve) => {
      setTimeout(() => {
        resolve(false);
      }, 200);
    }),
  ]);
  if (!framed) return null;
  const box = element.getBoundingClientRect();
  const moved =
    box.x !== before.x || box.y !== before.y || box.width !== before.width || box.height !== before.height;
  if (moved || box.width === 0 || box.height === 0) return null;
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && element.contains(hit) ? { x, y } : null;
};
