import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REQUIREMENTS } from '../spec/requirements/catalogue.js';
import { AUTHORIZATION_SERVER_AREAS } from './independent/areas.js';
import { compare, readExpected, type ExpectedDeviation, type Verdict } from './independent/expected.js';
import { readVerdicts } from './independent/verdicts.js';
import { spawnCollect } from '../embedded/run-suite.js';
import { environment } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The self-validation against oidc-provider (npm run selfcheck:oidc-provider) is judged by its
 * expected-deviations file: these tests hold the file to its rules and the comparison to its
 * verdicts, without starting the server (the full run takes minutes).
 */
const EXPECTED_FILE = 'selftest/independent/oidc-provider.expected.json';

function entry(id: string, tests: string[]): ExpectedDeviation {
  return { id, requirements: ['R4.2-09'], tests, behaviour: 'no Pragma', breaks: '4.2: "Pragma: no-cache"' };
}

/** A Playwright JSON report with specs at three depths and each kind of outcome. */
function nestedResults(): unknown {
  const spec = (title: string, status: string, message?: string): unknown => ({
    title,
    file: 'suites/token/errors.spec.ts',
    tests: [{ results: [{ status, ...(message === undefined ? {} : { error: { message } }) }] }],
  });
  return {
    suites: [
      {
        title: 'token/errors.spec.ts',
        specs: [spec('top', 'passed')],
        suites: [
          {
            title: '7.2 Token endpoint',
            specs: [spec('refused', 'failed', '\u001b[31m\nConformanceFailure: [R7.2-04]\u001b[39m\nmore')],
            suites: [{ title: 'inner', specs: [spec('late', 'timedOut'), spec('later', 'skipped')] }],
          },
        ],
      },
    ],
  };
}

test.describe('independent implementation: the expected-deviations file and the comparison', () => {
  test('every entry of the oidc-provider file has its reason, known requirements and tests of the areas run', () => {
    const { deviations } = readExpected(EXPECTED_FILE);
    const known = new Set(REQUIREMENTS.map((requirement) => requirement.id));
    expect(deviations.length).toBeGreaterThan(0);
    for (const deviation of deviations) {
      expect(
        deviation.requirements.filter((id) => !known.has(id)),
        deviation.id,
      ).toEqual([]);
      for (const name of deviation.tests)
        expect(
          AUTHORIZATION_SERVER_AREAS.some((area) => name.startsWith(`${area}/`)),
          `${deviation.id}: ${name}`,
        ).toBe(true);
      if (deviation.falseFailure !== true) expect(deviation.breaks, deviation.id).toMatch(/\d\.|RFC/);
    }
  });

  test('an entry without a reason, or a false failure without a note, is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'expected-'));
    try {
      const file = join(dir, 'bad.json');
      const bad = [
        { ...entry('a', ['x']), breaks: ' ' },
        { ...entry('b', ['y']), falseFailure: true },
        entry('b', []),
      ];
      writeFileSync(file, JSON.stringify({ server: 'any', deviations: bad }));
      expect(() => readExpected(file)).toThrow(
        /deviations\[0\]: "breaks" is required[\s\S]*deviations\[1\]: a false failure needs a "note"[\s\S]*deviations\[2\]: "tests" must name[\s\S]*id "b" is used by more than one entry/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an unexpected failure and an expected failure that did not happen are both reported', () => {
    const verdicts: Verdict[] = [
      { test: 'f › known', status: 'failed', message: 'm' },
      { test: 'f › new', status: 'failed', message: 'm' },
      { test: 'f › fixed', status: 'passed', message: '' },
      { test: 'f › skipped', status: 'skipped', message: '' },
    ];
    const result = compare(verdicts, [entry('one', ['f › known', 'f › fixed', 'f › skipped', 'f › gone'])]);
    expect(result.expected.map((verdict) => verdict.test)).toEqual(['f › known']);
    expect(result.unexpected.map((verdict) => verdict.test)).toEqual(['f › new']);
    expect(result.missing.map(({ test, status }) => `${test}: ${status}`)).toEqual([
      'f › fixed: passed',
      'f › skipped: skipped',
      'f › gone: not run',
    ]);
  });

  test('verdicts are named by file, describe blocks and title, with the failure’s first plain line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdicts-'));
    try {
      const file = join(dir, 'results.json');
      writeFileSync(file, JSON.stringify(nestedResults()));
      expect(readVerdicts(file)).toEqual([
        { test: 'suites/token/errors.spec.ts › top', status: 'passed', message: '' },
        {
          test: 'suites/token/errors.spec.ts › 7.2 Token endpoint › refused',
          status: 'failed',
          message: 'ConformanceFailure: [R7.2-04]',
        },
        {
          test: 'suites/token/errors.spec.ts › 7.2 Token endpoint › inner › late',
          status: 'failed',
          message: '',
        },
        {
          test: 'suites/token/errors.spec.ts › 7.2 Token endpoint › inner › later',
          status: 'skipped',
          message: '',
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('independent implementation: the whole self-check', () => {
  test.describe.configure({ timeout: patient(600_000) });

  test('the authorization and token areas against oidc-provider fail exactly as its expected-deviations file says', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'selfcheck-oidc-'));
    try {
      const run = await spawnCollect(
        'npx',
        ['tsx', 'scripts/selfcheck-oidc-provider.ts', '--reports', reports, '--workers', '1'],
        environment(),
        580_000,
      );
      const summary =
        run.stdout.split('\n').find((line) => line.startsWith('selfcheck oidc-provider:')) ?? '';
      console.log(summary);
      expect(summary, run.stdout.slice(-4000)).toMatch(/ 0 unexpected, 0 expected but not failing/);
      expect(run.exitCode, run.stdout.slice(-4000)).toBe(0);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });
});
