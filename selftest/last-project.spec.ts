import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { LAST_PROJECT, LAST_TESTS_TITLE, lastProjectArgs } from '../embedded/last-project.js';
import { playwrightTestArgs } from '../embedded/playwright-command.js';
import { childEnvironment } from '../config/environment.js';

/**
 * The rate-limit check is the teardown of `conformance`, which Playwright runs in full whatever the
 * selection: a narrowed run (a failure's rerun line, a file, a --grep) leaves it out unless the
 * selection holds it, and an unnarrowed one leaves Playwright to schedule it.
 */
const CASES: ReadonlyArray<readonly [string[], string[]]> = [
  [[], []],
  [['--shard=1/3', '--workers', '2'], []],
  [['suites/token'], ['--no-deps']],
  [['--grep', '@R2.2-03'], ['--no-deps']],
  [
    ['-g', '@R8-05'],
    ['--no-deps', `--project=${LAST_PROJECT}`],
  ],
  [['--grep=RATE_LIMIT with the numbers'], ['--no-deps', `--project=${LAST_PROJECT}`]],
  [['suites/listing/rate-limit.last.spec.ts:80'], ['--no-deps', `--project=${LAST_PROJECT}`]],
  [['suites/listing/', '--grep-invert', '@R8-05'], ['--no-deps']],
];

for (const [args, expected] of CASES)
  test(`playwright ${args.join(' ') || '(no selection)'} adds ${expected.join(' ') || 'nothing'}`, () => {
    expect(lastProjectArgs(args)).toEqual(expected);
  });

interface ListedSuite {
  title: string;
  specs?: Array<{ title: string; tags: string[] }>;
  suites?: ListedSuite[];
}

function titles(suite: ListedSuite, prefix: string[] = []): string[] {
  const path = suite.title === '' || suite.title.endsWith('.ts') ? prefix : [...prefix, suite.title];
  return [
    ...(suite.specs ?? []).map((spec) =>
      [...path, spec.title, ...spec.tags.map((tag) => (tag.startsWith('@') ? tag : `@${tag}`))].join(' '),
    ),
    ...(suite.suites ?? []).flatMap((child) => titles(child, path)),
  ];
}

test('the title the selection is matched against is the rate-limit check’s own', () => {
  const listed = spawnSync(
    process.execPath,
    [...playwrightTestArgs(), '--list', `--project=${LAST_PROJECT}`, '--reporter=json'],
    { encoding: 'utf8', env: childEnvironment({ CONFORMANCE_WORKERS: '1' }) },
  );
  const report = JSON.parse(listed.stdout) as { suites: ListedSuite[] };
  const all = report.suites.flatMap((suite) => titles(suite));
  expect(all.map((title) => title.split(' @')[0])).toContain(LAST_TESTS_TITLE.split(' @')[0]);
  for (const tag of LAST_TESTS_TITLE.match(/@\S+/g) ?? []) expect(all.join(' ')).toContain(tag);
});
