import type { TestDetails } from '@playwright/test';
import { redactText } from '../report/redact.js';
import { preflightAnnotations } from '../target/broken-environment.js';

/**
 * Advisory checks: points of RFC 6749 and the OAuth 2.0 Security BCP (RFC 9700) that the
 * specification does not require. They run in the `advisory` project: a point that does not hold
 * fails its test with a message starting "ADVISORY", which the report files under "Advisory
 * warnings" and the gate counts as a warning, never as a failure.
 */
export class AdvisoryWarning extends Error {
  constructor(reference: string, expectation: string, observed: string, evidence?: string) {
    super(
      [
        `ADVISORY (${reference}): not required by the specification, recommended by the reference.`,
        `Expected: ${expectation}`,
        `Observed: ${redactText(observed)}`,
        ...(evidence === undefined ? [] : [redactText(evidence)]),
      ].join('\n'),
    );
    this.name = 'AdvisoryWarning';
  }
}

export function advise(
  holds: boolean,
  reference: string,
  expectation: string,
  observed: string,
  evidence?: string,
): asserts holds {
  if (!holds) throw new AdvisoryWarning(reference, expectation, observed, evidence);
}

/** Tags and labels of an advisory check: its own Allure category, never a requirement id. */
export function advisory(reference: string): TestDetails {
  return {
    tag: ['@advisory'],
    annotation: [
      { type: 'advisory', description: reference },
      { type: 'allure.label.kind', description: 'advisory' },
      { type: 'allure.label.epic', description: 'advisory' },
      { type: 'allure.label.feature', description: reference },
      { type: 'allure.label.severity', description: 'minor' },
      // A dead target: declared broken, never sent to a worker (as covers() does).
      ...preflightAnnotations(),
    ],
  };
}

/** True when the headers forbid framing the page (X-Frame-Options or CSP frame-ancestors). */
export function antiFraming(headers: Record<string, string>): boolean {
  const frameOptions = (headers['x-frame-options'] ?? '').toUpperCase();
  const csp = headers['content-security-policy'] ?? '';
  return (
    frameOptions === 'DENY' || frameOptions === 'SAMEORIGIN' || /frame-ancestors\s+('none'|'self')/.test(csp)
  );
}

/** Upper bound of the entropy of a random string, from its length and the alphabet it seems drawn from. */
export function estimatedBits(value: string): number {
  const alphabet = /^[0-9a-f]+$/i.test(value)
    ? 16
    : /^[0-9A-Za-z]+$/.test(value)
      ? 62
      : /^[0-9A-Za-z_-]+$/.test(value)
        ? 64
        : 94;
  return value.length * Math.log2(alphabet);
}
