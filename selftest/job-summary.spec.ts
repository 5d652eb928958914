import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tsxArgs } from '../scripts/lib.js';
import { childEnvironment } from '../config/environment.js';
import { ADVISORY_WARNING } from '../helpers/report/advisory-warning.js';

/** The parts of Playwright's JSON report that scripts/job-summary.ts reads. */
interface SyntheticTest {
  title: string;
  line: number;
  tags: string[];
  project: 'conformance' | 'advisory';
  status: 'expected' | 'unexpected' | 'skipped' | 'flaky';
  message?: string;
  skipReason?: string;
}

const SECRET = 'cs_synthetic-client-secret-4711';

const CONFORMANCE_FAILURE = [
  'ConformanceFailure: [R2.2-03 §2.2] The authorization code is single use; it cannot be reused.',
  'Expected: a refusal with error invalid_grant',
  'Observed: an access token was issued',
  '--- request ---',
  `grant_type=authorization_code&code=abc123def456&client_secret=${SECRET}`,
].join('\n');

function report(shard: { current: number; total: number } | null, tests: SyntheticTest[]): unknown {
  return {
    config: { shard },
    errors: [],
    suites: [
      {
        title: 'suites/token/code-lifecycle.spec.ts',
        file: 'suites/token/code-lifecycle.spec.ts',
        specs: tests.map((one) => ({
          title: one.title,
          file: 'suites/token/code-lifecycle.spec.ts',
          line: one.line,
          tags: one.tags,
          tests: [
            {
              projectName: one.project,
              status: one.status,
              annotations: [
                ...(one.skipReason === undefined ? [] : [{ type: 'skip', description: one.skipReason }]),
                // An advisory point that did not hold: the test passes, expected to fail (advise.ts).
                ...(one.project === 'advisory' && one.message !== undefined
                  ? [{ type: ADVISORY_WARNING, description: one.message }]
                  : []),
              ],
              results: [
                {
                  status: one.status === 'unexpected' || one.message !== undefined ? 'failed' : 'passed',
                  ...(one.message === undefined ? {} : { error: { message: one.message } }),
                },
              ],
            },
          ],
        })),
      },
    ],
  };
}

const passing: SyntheticTest = {
  title: 'a fresh code is exchanged for a token',
  line: 5,
  tags: ['R2.2-01', 'token'],
  project: 'conformance',
  status: 'expected',
};
const failing: SyntheticTest = {
  title: 'a code redeemed once is refused the second time',
  line: 12,
  tags: ['R2.2-03', 'R8-02', 'token'],
  project: 'conformance',
  status: 'unexpected',
  message: CONFORMANCE_FAILURE,
};
const warning: SyntheticTest = {
  title: 'codes carry at least 128 bits',
  line: 94,
  tags: [],
  project: 'advisory',
  status: 'expected',
  message: 'ADVISORY (RFC 9700 §4.2.4): codes of 64 bits',
};
const unreachable: SyntheticTest = {
  title: 'the catalog answers',
  line: 30,
  tags: ['R4.5-01', 'catalogs'],
  project: 'conformance',
  status: 'unexpected',
  message: 'TargetUnreachableError: Could not reach http://127.0.0.1:1/autoupload/car_info: ECONNREFUSED',
};
const skipped: SyntheticTest = {
  ...passing,
  title: 'needs the clock',
  status: 'skipped',
  skipReason: 'needs the test helpers: set SANDBOX_CONTROL_KEY',
};

let folder = '';
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'job-summary-'));
});
test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

function write(name: string, content: unknown): string {
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

function summarise(files: string[]): { status: number | null; markdown: string } {
  const run = spawnSync(process.execPath, tsxArgs('scripts/job-summary.ts', ...files), {
    encoding: 'utf8',
    env: childEnvironment({ TARGET_CLIENT_SECRET: SECRET }),
  });
  return { status: run.status, markdown: run.stdout };
}

test.describe('the job summary of a run (scripts/job-summary.ts)', () => {
  test('counts each kind and lists conformance failures with their requirement ids and first lines', () => {
    const shardOne = write('one.json', report({ current: 1, total: 2 }, [passing, failing, skipped]));
    const shardTwo = write('two.json', report({ current: 2, total: 2 }, [warning, passing]));
    const { status, markdown } = summarise([shardOne, shardTwo]);
    expect(status).toBe(1);
    expect(markdown).toContain('## Classifieds API conformance: FAILED');
    // One count everywhere: the advisory warning is among the passed, as Playwright counts it.
    expect(markdown).toContain('| 3 | 1 | 1 | 1 | 0 |');
    expect(markdown).toContain(
      '| R2.2-03 | a code redeemed once is refused the second time (suites/token/code-lifecycle.spec.ts:12) | [R2.2-03 §2.2] The authorization code is single use; it cannot be reused. | an access token was issued |',
    );
    expect(markdown).toContain('### Advisory warnings');
    expect(markdown).toContain('ADVISORY (RFC 9700 §4.2.4): codes of 64 bits');
    expect(markdown).toContain('| needs the test helpers: set SANDBOX_CONTROL_KEY | 1 |');
  });

  test('advisory warnings alone pass', () => {
    const file = write('warnings.json', report(null, [passing, warning]));
    const { status, markdown } = summarise([file]);
    expect(status).toBe(0);
    expect(markdown).toContain('## Classifieds API conformance: passed with warnings');
    expect(markdown).not.toContain('### Conformance failures');
  });

  test('an unreachable target, a missing shard and a missing file are a broken environment', () => {
    const shardOne = write('broken.json', report({ current: 1, total: 3 }, [unreachable]));
    const { status, markdown } = summarise([shardOne, join(folder, 'absent.json')]);
    expect(status).toBe(1);
    expect(markdown).toContain('| 0 | 0 | 0 | 0 | 4 |');
    expect(markdown).toContain('shard 2/3: no results');
    expect(markdown).toContain('shard 3/3: no results');
    expect(markdown).toContain('absent.json: missing');
    expect(markdown).toContain('Could not reach http://127.0.0.1:1/autoupload/car_info');
  });

  test('no results at all fail', () => {
    const { status, markdown } = summarise([]);
    expect(status).toBe(1);
    expect(markdown).toContain('no results file was given');
  });

  test('secrets in a message never reach the summary', () => {
    const leaky: SyntheticTest = {
      ...failing,
      message: `Error: expected 400, got 200 for code=abc123def456 with ${SECRET} and Bearer eyJhbGciOi.x.y`,
    };
    const file = write('leaky.json', report(null, [leaky]));
    const { markdown } = summarise([file]);
    expect(markdown).not.toContain(SECRET);
    expect(markdown).not.toContain('abc123def456');
    expect(markdown).not.toContain('eyJhbGciOi');
    expect(markdown).toContain('code=[REDACTED]');
  });
});
