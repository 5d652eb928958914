import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  HISTORY_FORMAT,
  mergeHistories,
  mergeNights,
  withNight,
  type Night,
} from '../scripts/triage/history.js';
import { readKnown } from '../scripts/triage/known.js';
import type { TestOutcome, Verdict } from '../scripts/triage/night.js';
import { rewriteJunit } from '../scripts/triage/junit.js';
import { FLAKY_CHANGES, stateOf } from '../scripts/triage/states.js';
import { triage } from '../scripts/triage/triage.js';
import { tsxArgs } from '../scripts/lib.js';
import { childEnvironment } from '../config/environment.js';

function night(name: string, verdicts: Record<string, Verdict>, flaky: string[] = []): Night {
  return { format: HISTORY_FORMAT, night: name, verdicts, flaky };
}

function outcome(
  title: string,
  covers: string[],
  verdict: TestOutcome['verdict'],
  failedIds = covers,
): TestOutcome {
  return { title, where: 'suites/x.spec.ts:1', covers, verdict, failedIds, flaky: false, line: '' };
}

let folder = '';
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'triage-states-'));
});
test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

function written(name: string, text: string): string {
  const file = join(folder, name);
  writeFileSync(file, text);
  return file;
}

test.describe('the triage of a requirement, night after night (scripts/triage/)', () => {
  test('a failure counts its nights from its first, over nights that did not exercise it; a pass after it is fixed', () => {
    const nights = [
      night('n1', { R1: 'passed' }),
      night('n2', { R1: 'failed' }),
      night('n3', { R1: 'skipped' }),
      night('n4', { R1: 'failed' }),
    ];
    expect(stateOf(nights.slice(0, 2), 'R1')).toMatchObject({ kind: 'new failure', since: 'n2', nights: 1 });
    expect(stateOf(nights, 'R1')).toMatchObject({ kind: 'failing', since: 'n2', nights: 3 });
    expect(stateOf(nights.slice(0, 3), 'R1')).toMatchObject({
      kind: 'not exercised (was failing)',
      since: 'n2',
    });
    expect(stateOf([...nights, night('n5', { R1: 'broken' })], 'R1').kind).toBe(
      'not exercised (was failing)',
    );
    expect(stateOf([...nights, night('n5', { R1: 'passed' })], 'R1').kind).toBe('fixed');
    expect(stateOf([...nights, night('n5', {})], 'R1').verdict).toBe('not run');
  });

  test('flaky: more verdict changes than the limit in the last nights, or a test that passed on its retry', () => {
    const changes = Array.from({ length: FLAKY_CHANGES + 2 }, (_, index) =>
      night(`n${index}`, { R1: index % 2 === 0 ? 'passed' : 'failed' }),
    );
    expect(stateOf(changes, 'R1').flaky).toMatch(/changed verdict \d+ times in the last 10 nights/);
    expect(stateOf(changes.slice(0, FLAKY_CHANGES + 1), 'R1').flaky).toBeUndefined();
    expect(stateOf([night('n1', { R1: 'passed' }, ['R1'])], 'R1').flaky).toMatch(/immediate retry/);
  });

  test("shards' records of one night merge to the worst verdict; a rerun of a night replaces it", () => {
    const merged = mergeNights([
      night('n1', { R1: 'passed', R2: 'not run', R3: 'skipped' }),
      night('n1', { R1: 'failed', R2: 'passed', R3: 'broken' }, ['R2']),
    ]);
    expect(merged).toMatchObject({ verdicts: { R1: 'failed', R2: 'passed', R3: 'broken' }, flaky: ['R2'] });
    const history = withNight([night('n1', { R1: 'failed' })], night('n1', { R1: 'passed' }));
    expect(history).toEqual([night('n1', { R1: 'passed' })]);
    const both = mergeHistories([
      [night('n1', { R1: 'passed' })],
      [night('n1', { R1: 'failed' }), night('n2', {})],
    ]);
    expect(both.map((one) => [one.night, one.verdicts.R1])).toEqual([
      ['n1', 'failed'],
      ['n2', undefined],
    ]);
  });

  test('a known deviation: failing is accepted, passing says remove it, expired fails the gate again', () => {
    const today = new Date('2026-11-27T02:00:00Z');
    const deviation = (requirement: string, expires: string) => ({
      requirement,
      reason: 'Q1',
      link: 'https://t.example/1',
      expires,
    });
    const result = triage({
      outcomes: [
        outcome('a', ['R2.1-01'], 'failed'),
        outcome('b', ['R8-01'], 'failed'),
        outcome('c', ['R2.1-02'], 'passed'),
      ],
      history: [],
      night: 'n1',
      known: [
        deviation('R2.1-01', '2026-12-01'),
        deviation('R8-01', '2026-11-26'),
        deviation('R2.1-02', '2027-01-01'),
      ],
      today,
    });
    expect(result.known.map((entry) => [entry.deviation.requirement, entry.status, entry.days])).toEqual([
      ['R2.1-01', 'failing, accepted', 4],
      ['R8-01', 'expired', -1],
      ['R2.1-02', 'no longer failing: remove it', 35],
    ]);
    expect(result.excused.map((test) => test.title)).toEqual(['a']);
    expect(result.newFailures.map((state) => state.id)).toEqual(['R8-01']);
    expect(result.expiredFailing.get('R8-01')).toBe('2026-11-26');
  });

  test('the known deviations file: none without one, a malformed one or an unknown id refused in one line', () => {
    expect(readKnown(join(folder, 'absent.yaml'))).toEqual({ known: [] });
    // What init writes: every line commented.
    expect(readKnown('examples/conformance-known.yaml')).toEqual({ known: [] });
    const uncommented = readFileSync('examples/conformance-known.yaml', 'utf8').replace(
      /^# ?(known:| {2})/gm,
      '$1',
    );
    expect(readKnown(written('example.yaml', uncommented))).toMatchObject({
      known: [{ requirement: 'R7.3-04' }],
    });
    const problems = [
      [
        'unknown.yaml',
        'known:\n  - {requirement: R99-01, reason: x, link: "https://t.example/1", expires: 2027-01-01}\n',
        /R99-01 is no requirement/,
      ],
      [
        'nolink.yaml',
        'known:\n  - {requirement: R8-01, reason: x, expires: 2027-01-01}\n',
        /must have required property 'link'/,
      ],
      [
        'date.yaml',
        'known:\n  - {requirement: R8-01, reason: x, link: "https://t.example/1", expires: next spring}\n',
        /expires must match format "date"/,
      ],
      ['yaml.yaml', 'known: [unclosed\n', /not YAML/],
    ] as const;
    for (const [name, text, message] of problems) {
      const read = readKnown(written(name, text));
      expect('problem' in read && read.problem.split('\n')).toHaveLength(1);
      expect(read).toEqual({ problem: expect.stringMatching(message) as unknown });
    }
  });

  test('JUnit: a failure of an accepted deviation becomes <skipped> naming it, and the counts follow', () => {
    const junit = written(
      'junit.xml',
      [
        '<testsuites id="" name="" tests="2" failures="0" skipped="0" errors="1" time="1">',
        '<testsuite name="x.spec.ts" tests="2" failures="0" skipped="0" errors="1" time="1">',
        '<testcase name="d › a" classname="x.spec.ts" time="1">',
        // Playwright's element for an error with a type of its own (ConformanceFailure).
        '<error message="boom" type="ConformanceFailure"><![CDATA[at <br/> x]]></error>',
        '</testcase>',
        '<testcase name="d › c" classname="x.spec.ts" time="1">',
        '</testcase>',
        '</testsuite>',
        '</testsuites>',
      ].join('\n'),
    );
    const result = triage({
      outcomes: [outcome('a', ['R2.1-01'], 'failed')],
      history: [],
      night: 'n1',
      known: [
        { requirement: 'R2.1-01', reason: 'until Q1', link: 'https://t.example/1', expires: '2099-01-01' },
      ],
      today: new Date(),
    });
    expect(rewriteJunit(junit, result)).toBe(true);
    const text = readFileSync(junit, 'utf8');
    expect(text).not.toMatch(/<failure|<error|CDATA/);
    expect(text).toMatch(/<skipped message="known deviation R2\.1-01: until Q1/);
    expect(text).toContain('<property name="known-deviation"');
    expect(text.match(/failures="0" skipped="1" errors="0"/g)).toHaveLength(2);
    // A second triage of the same file changes nothing.
    expect(rewriteJunit(junit, result)).toBe(false);
  });

  test('the job summary opens with the triage and lists an accepted deviation apart, without failing', () => {
    const report = {
      config: { shard: null },
      errors: [],
      suites: [
        {
          title: 'x.spec.ts',
          specs: [
            {
              title: 'a client with 4 redirect URIs is refused',
              file: 'suites/registration.spec.ts',
              line: 51,
              tags: ['@R8-01'],
              tests: [
                {
                  projectName: 'conformance',
                  status: 'unexpected',
                  results: [
                    {
                      status: 'failed',
                      error: { message: 'ConformanceFailure: [R8-01 §8] Registered redirect URIs: 1 to 3.' },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const results = written('results.json', JSON.stringify(report));
    const triageFile = written('triage.md', '## Triage of n1\n\n### New failures tonight: none\n');
    const known = written(
      'known.yaml',
      'known:\n  - {requirement: R8-01, reason: fixed in Q1, link: "https://t.example/2", expires: 2099-01-01}\n',
    );
    const summary = spawnSync(
      process.execPath,
      tsxArgs('scripts/job-summary.ts', '--triage', triageFile, results),
      {
        encoding: 'utf8',
        env: childEnvironment({ CONFORMANCE_KNOWN: known }),
      },
    );
    expect(summary.status, summary.stdout + summary.stderr).toBe(0);
    expect(summary.stdout.indexOf('## Triage of n1')).toBe(0);
    expect(summary.stdout).toContain('### Known deviations (accepted in the known deviations file');
    expect(summary.stdout).not.toContain('### Conformance failures');
  });
});
