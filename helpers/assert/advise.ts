import { test, type TestDetails, type TestInfo } from '@playwright/test';
import { ADVISORY_WARNING } from '../report/advisory-warning.js';
import { redactText } from '../report/redact.js';
import { preflightAnnotations } from '../target/broken-environment.js';

/**
 * Advisory checks: points of RFC 6749 and the OAuth 2.0 Security BCP (RFC 9700) that the
 * specification does not require. They run in the `advisory` project: a point that does not hold
 * ends its test with a message starting "ADVISORY", the test marked as expected to end so, so that
 * Playwright's summary, JUnit, Allure and the run's last line all count it passed, and say the
 * warning apart (the annotation ADVISORY_WARNING; the report's "Advisory warnings" category).
 */
export class AdvisoryWarning extends Error {
  /** The first lines, without the evidence: the annotation's text (a JUnit property). */
  readonly summary: string;

  constructor(reference: string, expectation: string, observed: string, evidence?: string) {
    const summary = [
      `ADVISORY (${reference}): not required by the specification, recommended by the reference.`,
      `Expected: ${expectation}`,
      `Observed: ${redactText(observed)}`,
    ];
    super([...summary, ...(evidence === undefined ? [] : [redactText(evidence)])].join('\n'));
    this.name = 'AdvisoryWarning';
    this.summary = summary.join('\n');
  }
}

/** The annotation advisory() gives a test: the one that marks it advisory. */
const ADVISORY_ANNOTATION = 'advisory';

/** The running test when it is declared advisory (advisory()), else undefined: a warning then just throws. */
function advisoryTest(): TestInfo | undefined {
  let info: TestInfo;
  try {
    info = test.info();
  } catch {
    return undefined;
  }
  return info.annotations.some(({ type }) => type === ADVISORY_ANNOTATION) ? info : undefined;
}

export function advise(
  holds: boolean,
  reference: string,
  expectation: string,
  observed: string,
  evidence?: string,
): asserts holds {
  if (holds) return;
  const warning = new AdvisoryWarning(reference, expectation, observed, evidence);
  const info = advisoryTest();
  if (info !== undefined) {
    info.annotations.push({ type: ADVISORY_WARNING, description: warning.summary });
    // A warning is no failure: the test ends here, as expected, and every count reads it passed.
    info.fail(true, 'an advisory point did not hold: a warning, not a failure');
  }
  throw warning;
}

/** Tags and labels of an advisory check: its own Allure category, never a requirement id. */
export function advisory(reference: string): TestDetails {
  return {
    tag: ['@advisory'],
    annotation: [
      { type: ADVISORY_ANNOTATION, description: reference },
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
