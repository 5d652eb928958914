// An advisory warning as the run's readers find it: the annotation helpers/assert/advise.ts leaves
// on a test whose advisory point did not hold.

/** The annotation's type; its description is the warning's first lines (reference, expected, observed). */
export const ADVISORY_WARNING = 'advisory-warning';

interface Annotated {
  status?: string;
  annotations?: ReadonlyArray<{ type: string; description?: string }>;
}

/**
 * The warning of a test of Playwright's JSON report, or undefined: an advisory point that did not
 * hold ends its test as expected to fail, which Playwright, JUnit and Allure count as passed (one
 * count everywhere), the annotation saying why.
 */
export function advisoryWarningOf(test: Annotated): string | undefined {
  if (test.status !== 'expected' && test.status !== 'flaky') return undefined;
  const found = test.annotations?.find((annotation) => annotation.type === ADVISORY_WARNING);
  return found === undefined ? undefined : (found.description ?? '');
}
