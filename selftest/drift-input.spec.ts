import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { compareWithBaseline } from '../helpers/profile/collect.js';
import { buildProfile, profileText, PROFILE_FORMAT, type Profile } from '../helpers/profile/profile.js';

/**
 * A baseline of another target, of another format or unreadable gives one line
 * and no comparison (no drift.json, never a count), in a run and in `classifieds-conformance drift`.
 */
const OBSERVATIONS = [
  { area: 'listing', key: 'error BAD_REQUEST', value: 'HTTP 400' },
  { area: 'listing', key: 'status values among the ads', value: 'published' },
  { area: 'listing', key: 'status values among the ads', value: 'deleted' },
];

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'drift-input-'));
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function written(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

const profile = (target = 'embedded sandbox'): Profile =>
  buildProfile(OBSERVATIONS, target, '2026-11-24T02:00:00.000Z');

const BAD_BASELINES: ReadonlyArray<readonly [string, () => string, RegExp]> = [
  ['missing', () => join(dir, 'none.json'), /does not exist/],
  ['torn', () => written('torn.json', '{"format": "classifieds-'), /not readable JSON/],
  [
    'of another format',
    () => written('v0.json', JSON.stringify({ ...profile(), format: 'classifieds-observed-profile/0' })),
    /of format "classifieds-observed-profile\/0", not classifieds-observed-profile\/1/,
  ],
  [
    'of another target',
    () => written('other.json', profileText(profile('https://other.example'))),
    /is a profile of https:\/\/other\.example, not of embedded sandbox/,
  ],
  [
    'incomplete',
    () => written('partial.json', JSON.stringify({ format: PROFILE_FORMAT })),
    /not a complete profile/,
  ],
];

test.describe('a baseline that cannot be compared', () => {
  for (const [label, path, problem] of BAD_BASELINES) {
    test(`${label}: one line, no drift files`, () => {
      const comparison = compareWithBaseline(profile(), dir, { CONFORMANCE_BASELINE: path() });
      expect(comparison?.changes).toBeNull();
      expect(comparison?.line).toMatch(/^drift: no comparison \(CONFORMANCE_BASELINE: /);
      expect(comparison?.line).toMatch(problem);
      expect(comparison?.line).not.toContain('\n');
      expect(existsSync(join(dir, 'drift.json'))).toBe(false);
    });
  }

  test('the profile is the same whatever order the workers observed in', () => {
    const reversed = buildProfile(
      [...OBSERVATIONS].reverse(),
      'embedded sandbox',
      '2026-11-24T02:00:00.000Z',
    );
    expect(profileText(reversed)).toBe(profileText(profile()));
    expect(profile().areas.listing?.['status values among the ads']).toEqual({
      'several values': ['deleted', 'published'],
    });
  });

  test('classifieds-conformance drift OLD NEW: the changes, then one line; a bad file: exit 2, one line', () => {
    const old = written('old.json', profileText(profile()));
    const changed = buildProfile(
      [...OBSERVATIONS, { area: 'listing', key: 'error BAD_REQUEST', value: 'HTTP 422' }].slice(1),
      'embedded sandbox',
      '2026-11-25T02:00:00.000Z',
    );
    const now = written('new.json', profileText(changed));
    const cli = (...args: string[]): ReturnType<typeof spawnSync> =>
      spawnSync(process.execPath, ['--import', 'tsx', 'bin/cli.ts', 'drift', ...args], { encoding: 'utf8' });
    const compared = cli(old, now);
    expect(compared.status).toBe(1);
    expect(String(compared.stdout).trim().split('\n').at(-1)).toBe(
      'drift: 1 changes since 2026-11-24T02:00:00.000Z',
    );
    const refused = cli(written('bad.json', 'not json'), now);
    expect(refused.status).toBe(2);
    expect(String(refused.stderr).trim().split('\n')).toHaveLength(1);
    expect(String(refused.stdout)).toBe('');
  });
});
