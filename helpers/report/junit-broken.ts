import { PREFLIGHT_ANNOTATION } from '../target/broken-environment.js';

/**
 * Playwright's JUnit reporter writes a test skipped by the preflight as `<skipped>`: each becomes
 * an `<error>` carrying the cause (its annotation, written as a property), and the suites' counts
 * follow, so a JUnit dashboard shows a dead target as broken, not as a quiet run.
 */
export function junitSkipsAsBroken(xml: string): string {
  let moved = 0;
  const testcases = xml.replace(/<testcase\b[\s\S]*?<\/testcase>/g, (testcase) => {
    const cause = causeOf(testcase);
    if (cause === undefined) return testcase;
    const replaced = testcase.replace(/<skipped\s*\/>|<skipped>\s*<\/skipped>/, () => {
      moved += 1;
      return `<error message="Broken environment: ${cause}" type="BrokenEnvironment"/>`;
    });
    return replaced;
  });
  return moved === 0 ? xml : recount(testcases);
}

function causeOf(testcase: string): string | undefined {
  const property = new RegExp(`<property name="${PREFLIGHT_ANNOTATION}" value="([^"]*)"`).exec(testcase);
  return property?.[1];
}

/** Each <testsuite>'s and the <testsuites>' skipped and errors attributes, from the testcases. */
function recount(xml: string): string {
  let totalErrors = 0;
  let totalSkipped = 0;
  const suites = xml.replace(
    /<testsuite\b([^>]*)>([\s\S]*?)<\/testsuite>/g,
    (_, attributes: string, body: string) => {
      const errors = count(body, /<error\b/g);
      const skipped = count(body, /<skipped\b/g);
      totalErrors += errors;
      totalSkipped += skipped;
      return `<testsuite${setAttributes(attributes, errors, skipped)}>${body}</testsuite>`;
    },
  );
  return suites.replace(/<testsuites\b([^>]*)>/, (_, attributes: string) => {
    return `<testsuites${setAttributes(attributes, totalErrors, totalSkipped)}>`;
  });
}

function count(text: string, pattern: RegExp): number {
  return (text.match(pattern) ?? []).length;
}

function setAttributes(attributes: string, errors: number, skipped: number): string {
  return attributes
    .replace(/\serrors="\d+"/, ` errors="${errors}"`)
    .replace(/\sskipped="\d+"/, ` skipped="${skipped}"`);
}
