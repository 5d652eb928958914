import { PREFLIGHT_ANNOTATION } from '../../helpers/target/broken-environment.js';

interface JsonSpec {
  tests: Array<{
    annotations?: Array<{ type: string; description?: string }>;
    results: Array<{ error?: { message?: string } }>;
  }>;
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

const BROKEN_MESSAGE = /^Broken environment: (.*)/;

/**
 * From Playwright's JSON report: the tests, those broken by a dead target (stopped by the preflight,
 * whether declared so or stopped in a worker, or failed with a broken-environment error), and how
 * many distinct causes they name.
 */
export function brokenCount(json: string): { tests: number; broken: number; causes: number } {
  const report = JSON.parse(json) as { suites: JsonSuite[] };
  const specs = (suite: JsonSuite): JsonSpec[] => [
    ...(suite.specs ?? []),
    ...(suite.suites ?? []).flatMap(specs),
  ];
  const causes = report.suites
    .flatMap(specs)
    .flatMap((spec) => spec.tests)
    .map((test) => {
      const stopped = test.annotations?.find(({ type }) => type === PREFLIGHT_ANNOTATION)?.description;
      const message = test.results.at(-1)?.error?.message ?? '';
      return stopped ?? BROKEN_MESSAGE.exec(message)?.[1]?.split('\n')[0];
    });
  const broken = causes.filter((cause): cause is string => cause !== undefined);
  return { tests: causes.length, broken: broken.length, causes: new Set(broken).size };
}
