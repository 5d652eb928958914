import { test } from '@playwright/test';
import type { HttpExchange } from '../record/exchange.js';
import { describeExchange } from './describe-exchange.js';
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
  await test.step(
    title,
    // test.info().attach, not the step's own attach: allure-playwright files the latter at the
    // end of the test, away from its step.
    async () => {
      await test
        .info()
        .attach(title, { body: shortened(describeExchange(exchange)), contentType: 'text/plain' });
    },
    { location: testLocation() },
  );
}

/**
 * The running test's own location, for steps the helpers open: given, it spares Playwright a
 * stack trace per step (mapped through source maps: with every exchange a step, a tenth of a
 * worker's CPU); an exchange's place is its order among the steps, not a line of a helper.
 */
export function testLocation(): { file: string; line: number; column: number } {
  const { file, line, column } = test.info();
  return { file, line, column };
}

/**
 * `body` as one step of the report when a test is running (a flow's many calls read as one
 * step), as it is otherwise (benchmarks, global setup).
 */
export async function inOneStep<T>(title: string, body: () => Promise<T>): Promise<T> {
  return insideTest() ? test.step(title, body, { location: testLocation() }) : body();
}

/** Attaches free text (already free of secrets, or redacted here) to the running test. */
export async function attachText(name: string, text: string): Promise<void> {
  if (!insideTest()) return;
  await test.info().attach(name, { body: redactText(text), contentType: 'text/plain' });
}

/**
 * An exchange attachment's largest size. Seeding calls send up to thousands of ads, and a property
 * that shrinks repeats them hundreds of times: whole, they made one run's results 400 MB and the
 * Playwright JSON report too large to write. A failure's message still shows its exchange whole.
 */
const MAX_ATTACHED_CHARACTERS = 16_000;
const KEPT_AT_END = 2_000;

/** The text cut in the middle past the limit; it is already redacted, so any cut is safe. */
function shortened(text: string): string {
  if (text.length <= MAX_ATTACHED_CHARACTERS) return text;
  const head = text.slice(0, MAX_ATTACHED_CHARACTERS - KEPT_AT_END);
  const tail = text.slice(-KEPT_AT_END);
  return `${head}\n... (${text.length - head.length - tail.length} characters left out) ...\n${tail}`;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.slice(0, 80);
  }
}
