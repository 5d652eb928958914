import type { Locator } from '@playwright/test';
import { registerSecret } from './redact.js';

/**
 * Types a secret into a field without Playwright's fill(): fill's step is titled `Fill "<value>"`,
 * and that title reaches the Allure results. The value goes through the input's own setter, then
 * input and change events are sent as fill() sends them, so script-driven login pages see it too.
 */
export async function fillSecret(field: Locator, secret: string, timeoutMs = 15_000): Promise<void> {
  registerSecret(secret);
  await field.waitFor({ state: 'visible', timeout: timeoutMs });
  await field.evaluate((element, value) => {
    if (!(element instanceof HTMLInputElement)) throw new Error('the password selector is not an <input>');
    element.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, secret);
}
