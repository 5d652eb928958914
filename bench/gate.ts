// Gate benchmark: the whole conformance suite against the embedded sandbox, three times in a row
// (cold: the first run, with a fresh TypeScript transform cache; warm: the second; then warm without
// screenshots, as the gate workflow runs). Prints the wall time of each run and, per area (folder or
// file of suites/), the summed test time and the slowest test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface JsonTest {
  results: Array<{ duration: number; status: string }>;
}
interface JsonSpec {
  title: string;
  file: string;
  tests: JsonTest[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

const specsOf = (suite: JsonSuite): JsonSpec[] => [
  ...(suite.specs ?? []),
  ...(suite.suites ?? []).flatMap(specsOf),
];
const areaOf = (file: string): string =>
  file
    .replace(/^suites\//, '')
    .split('/')[0]
    ?.replace(/\.spec\.ts$/, '') ?? file;

function runOnce(label: string, cacheDir: string, extraEnv: Record<string, string> = {}) {
  const reports = mkdtempSync(join(tmpdir(), 'gate-bench-'));
  const started = performance.now();
  const run = spawnSync('npx', ['playwright', 'test', '--project=conformance', '--reporter=json'], {
    env: {
      ...process.env,
      ...extraEnv,
      REPORTS_DIR: reports,
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'bench.json'),
    },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(join(reports, 'bench.json'), 'utf8')) as { suites: JsonSuite[] };
  rmSync(reports, { recursive: true, force: true });
  const areas = new Map<
    string,
    { tests: number; seconds: number; slowest: string; slowestSeconds: number }
  >();
  let failed = 0;
  for (const spec of report.suites.flatMap(specsOf)) {
    const result = spec.tests[0]?.results.at(-1);
    if (result === undefined) continue;
    if (result.status !== 'passed' && result.status !== 'skipped') failed += 1;
    const area = areas.get(areaOf(spec.file)) ?? { tests: 0, seconds: 0, slowest: '', slowestSeconds: 0 };
    const seconds = result.duration / 1000;
    area.tests += 1;
    area.seconds += seconds;
    if (seconds > area.slowestSeconds) Object.assign(area, { slowest: spec.title, slowestSeconds: seconds });
    areas.set(areaOf(spec.file), area);
  }
  console.log(
    `\n${label}: ${wallSeconds.toFixed(1)} s wall, exit ${run.status}, ${failed} failed (cache ${cacheDir})`,
  );
  console.table(
    [...areas].map(([area, figures]) => ({
      area,
      tests: figures.tests,
      test_seconds: Number(figures.seconds.toFixed(1)),
      slowest_seconds: Number(figures.slowestSeconds.toFixed(1)),
      slowest: figures.slowest.slice(0, 60),
    })),
  );
  return { label, wallSeconds: Number(wallSeconds.toFixed(1)), failed, areas: Object.fromEntries(areas) };
}

// A cache directory of its own makes the first run cold for the TypeScript transform.
const cacheDir = mkdtempSync(join(tmpdir(), 'gate-bench-cache-'));
process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR = cacheDir;
const results = [
  runOnce('cold', cacheDir),
  runOnce('warm', cacheDir),
  // What the gate workflow runs by default: the same checks, no login and consent screenshots.
  runOnce('warm, CONFORMANCE_SCREENSHOTS=off', cacheDir, { CONFORMANCE_SCREENSHOTS: 'off' }),
];
rmSync(cacheDir, { recursive: true, force: true });
mkdirSync('reports/bench', { recursive: true });
writeFileSync(
  'reports/bench/gate.json',
  JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2),
);
console.log('written reports/bench/gate.json');
