import { readFileSync } from 'node:fs';

/** What one distance run's Playwright JSON report says: verdicts, requests and the longest chain. */

interface JsonStep {
  title: string;
  steps?: JsonStep[];
}
interface JsonResult {
  status: string;
  duration: number;
  error?: { message?: string };
  steps?: JsonStep[];
}
interface JsonSpec {
  title: string;
  file: string;
  tests: Array<{ status?: string; results: JsonResult[] }>;
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

export interface DistanceReport {
  counts: { passed: number; failed: number; skipped: number };
  /** Each test's verdict, by file and title. */
  verdicts: Map<string, string>;
  /** Each test's time in seconds, retries included, by file and title. */
  seconds: Map<string, number>;
  /** The first lines of each failed test's error, by file and title. */
  errors: Map<string, string>;
  /** The HTTP exchanges the tests recorded (the browser's own requests are not among them). */
  requests: number;
  /** The test that made the most recorded requests: they went one after another. */
  longestChain: { title: string; requests: number };
  /** 429 answers recorded by tests other than those that provoke RATE_LIMIT. */
  rateLimitsOutside: number;
}

/** The title of each step the HTTP client records per exchange: "METHOD /path → status". */
const EXCHANGE_STEP = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/\S* → (\d{3})$/;
/** The tests that provoke RATE_LIMIT on purpose. */
const RATE_LIMIT_TEST = /RATE_LIMIT|rate limit/i;

const specsOf = (suite: JsonSuite): JsonSpec[] => [
  ...(suite.specs ?? []),
  ...(suite.suites ?? []).flatMap(specsOf),
];

function exchangeStatuses(steps: readonly JsonStep[] | undefined): number[] {
  return (steps ?? []).flatMap((step) => {
    const match = EXCHANGE_STEP.exec(step.title);
    return [...(match === null ? [] : [Number(match[2])]), ...exchangeStatuses(step.steps)];
  });
}

export function readDistanceReport(path: string): DistanceReport {
  const report = JSON.parse(readFileSync(path, 'utf8')) as { suites: JsonSuite[] };
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const verdicts = new Map<string, string>();
  const seconds = new Map<string, number>();
  const errors = new Map<string, string>();
  let requests = 0;
  let longestChain = { title: '(none)', requests: 0 };
  let rateLimitsOutside = 0;
  for (const spec of report.suites.flatMap(specsOf)) {
    for (const test of spec.tests) {
      const last = test.results.at(-1);
      const status = last?.status ?? 'skipped';
      const verdict = status === 'passed' ? 'passed' : status === 'skipped' ? 'skipped' : 'failed';
      counts[verdict] += 1;
      const title = `${spec.file}: ${spec.title}`;
      verdicts.set(title, verdict);
      const message = last?.error?.message;
      if (verdict === 'failed' && message !== undefined)
        errors.set(title, message.split('\n').slice(0, 8).join('\n'));
      seconds.set(title, test.results.reduce((sum, result) => sum + result.duration, 0) / 1000);
      const statuses = test.results.flatMap((result) => exchangeStatuses(result.steps));
      requests += statuses.length;
      if (statuses.length > longestChain.requests) longestChain = { title, requests: statuses.length };
      if (!RATE_LIMIT_TEST.test(spec.title))
        rateLimitsOutside += statuses.filter((code) => code === 429).length;
    }
  }
  return { counts, verdicts, seconds, errors, requests, longestChain, rateLimitsOutside };
}
