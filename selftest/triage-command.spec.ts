import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tsxArgs } from '../scripts/lib.js';
import { childEnvironment } from '../config/environment.js';

/** One shard's Playwright JSON: one test of the requirement, with the status given. */
function shard(current: number, status: 'expected' | 'unexpected', message = ''): string {
  return JSON.stringify({
    config: { shard: { current, total: 2 } },
    errors: [],
    suites: [
      {
        title: 'registration.spec.ts',
        specs: [
          {
            title: `registration check ${current}`,
            file: 'suites/registration.spec.ts',
            line: current,
            tags: ['@R8-01'],
            tests: [
              {
                projectName: 'conformance',
                status,
                results: [{ status: status === 'expected' ? 'passed' : 'failed', error: { message } }],
              },
            ],
          },
        ],
      },
    ],
  });
}

let folder = '';
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'triage-command-'));
});
test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

function triageCommand(
  night: string,
  files: string[],
): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(
    process.execPath,
    tsxArgs('bin/triage.ts', '--out', join(folder, 'reports'), ...files),
    {
      encoding: 'utf8',
      env: childEnvironment({
        CONFORMANCE_NIGHT: night,
        CONFORMANCE_KNOWN: join(folder, 'none.yaml'),
        ALLURE_HISTORY_PATH: join(folder, 'history', 'history.jsonl'),
      }),
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test("classifieds-conformance triage merges the shards' results into one night of the history, a night run again replacing it", () => {
  const one = join(folder, 'one.json');
  const two = join(folder, 'two.json');
  writeFileSync(one, shard(1, 'expected'));
  writeFileSync(
    two,
    shard(2, 'unexpected', 'ConformanceFailure: [R8-01 §8] Registered redirect URIs: 1 to 3.'),
  );
  const first = triageCommand('2026-11-26 (run 7)', [one, two]);
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toMatch(
    /^ {4}R8-01 §8 .* — registration check 2 \(suites\/registration\.spec\.ts:2\)$/m,
  );
  const history = join(folder, 'history', 'requirements.jsonl');
  const nights = () =>
    readFileSync(history, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { night: string; verdicts: Record<string, string> });
  expect(nights().map((night) => [night.night, night.verdicts['R8-01']])).toEqual([
    ['2026-11-26 (run 7)', 'failed'],
  ]);
  expect(readFileSync(join(folder, 'reports', 'triage.md'), 'utf8')).toContain(
    '### New failures tonight (1)',
  );

  writeFileSync(two, shard(2, 'expected'));
  const again = triageCommand('2026-11-26 (run 7)', [one, two]);
  expect(again.status, again.stderr).toBe(0);
  expect(nights().map((night) => [night.night, night.verdicts['R8-01']])).toEqual([
    ['2026-11-26 (run 7)', 'passed'],
  ]);
  const next = triageCommand('2026-11-27 (run 8)', [one, two]);
  expect(next.stdout).toContain('  Fixed tonight: none');
  expect(nights()).toHaveLength(2);
  expect(triageCommand('n', [join(folder, 'absent.json')]).status).toBe(2);
});
