import { test } from '@playwright/test';
import { describeExchange, type HttpExchange } from './exchange.js';
import { redactText } from './redact.js';

/** True while a Playwright test is running in this worker (fixtures set-up included). */
export function insideTest(): boolean {
  try {
    test.info();
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows an HTTP exchange in the report as its own step with the redacted exchange attached, so a
 * reader of the Allure report sees every request a test made, in order.
 */
export async function reportExchange(exchange: HttpExchange): Promise<void> {
  if (!insideTest()) return;
  const path = safePath(exchange.request.url);
  const title = `${exchange.request.method} ${path} → ${exchange.response.status}`;
  await test.step(title, async () => {
    await test.info().attach(title, {
      body: describeExchange(exchange),
      contentType: 'text/plain',
    });
  });
}

/** Attaches free text (already free of secrets, or redacted here) to the running test. */
export async function attachText(name: string, text: string): Promise<void> {
  if (!insideTest()) return;
  await test.info().attach(name, { body: redactText(text), contentType: 'text/plain' });
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.slice(0, 80);
  }
}
