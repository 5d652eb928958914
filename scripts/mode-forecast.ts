// `npm run requirements -- --mode account|helpers`: what a run with the CURRENT configuration (the
// environment and .env) will run and what it will skip, and which variable would unlock each skip.
// Skips happen at run time inside the fixtures, so the forecast joins two things: the skips of the
// last measured run of that mode (scripts/mode-coverage.json: what no variable of the mode unlocks,
// such as the test helpers in account mode), and, per test, the optional actors and variables its
// source uses (the fixture or call named in the test's own text), checked against the configuration.
import { resolve } from 'node:path';
import { resolveTarget, TargetConfigError, type TargetConfig } from '../helpers/target/target.js';
import { NEEDS_SECOND_CLIENT, NEEDS_SECOND_USER } from '../fixtures/actors.js';
import type { Mode, ModeRecord } from './mode-coverage.js';
import type { JsonSpec } from './lib.js';
import { unlockOf } from './skip-groups.js';
import { testCallText } from './test-source.js';

/** What a test needs of an account-mode configuration: a pattern of its source, and the check. */
interface Need {
  uses: RegExp;
  /** null when the configuration provides it, else the skip's reason naming the variables to set. */
  missing: (target: TargetConfig, uses: RegExpExecArray) => string | null;
}

const WRITES = "changes state on the target's configured account: set CONFORMANCE_ALLOW_WRITES=1 to run it";

function clientWithUris(target: TargetConfig, count: number, orMore: boolean): string | null {
  const lengths = [target.client, target.client2].flatMap((found) => found?.redirectUris.length ?? []);
  if (lengths.some((length) => length === count || (orMore && length > count))) return null;
  return `needs a client with ${count}${orMore ? ' or more' : ''} redirect URIs (the configured ones have ${lengths.join(' and ') || 'none'}): name them in TARGET_REDIRECT_URIS, or set TARGET_CLIENT2_* for a client with one`;
}

const NEEDS: readonly Need[] = [
  {
    uses: /orSkip\(secondClient/,
    missing: (target) => (target.client2 === null ? NEEDS_SECOND_CLIENT : null),
  },
  { uses: /orSkip\(secondUser/, missing: (target) => (target.user2 === null ? NEEDS_SECOND_USER : null) },
  {
    uses: /\b(guardWrites|configure|severalPerUser)\(/,
    missing: (target) => (target.allowWrites ? null : WRITES),
  },
  {
    uses: /\bNO_BURST\b/,
    missing: (target) =>
      target.rateLimitBurst === null
        ? 'needs a burst to meet the rate limit: set CONFORMANCE_RATE_LIMIT_BURST'
        : null,
  },
  {
    uses: /\buserAdCount\b/,
    missing: (target) =>
      target.holdings.userAdCount === null
        ? 'needs the number of ads TARGET_USER_LOGIN holds: set TARGET_USER_AD_COUNT'
        : null,
  },
  {
    uses: /clientWithUris\((\d+)(,\s*\{\s*orMore:\s*true)?/,
    missing: (target, found) => clientWithUris(target, Number(found[1]), found[2] !== undefined),
  },
];

/** Skips only the run itself can tell: how many ads the account holds, whether a burst met the limit. */
const AT_RUN_TIME: ReadonlyArray<[RegExp, string]> = [
  [/\brequireAccount\(/, 'may skip at run time when the account holds too few ads (TARGET_USER_LOGIN)'],
];

/**
 * What the test's source uses that the configuration lacks. A use after an early `return` in the
 * test is conditional (a probe only some answers lead to): it may skip, it does not surely.
 */
function unmet(source: string, target: TargetConfig | null): Array<{ reason: string; conditional: boolean }> {
  if (target === null) return [];
  return NEEDS.flatMap((need) => {
    const found = need.uses.exec(source);
    const reason = found === null ? null : need.missing(target, found);
    if (found === null || reason === null) return [];
    return [{ reason, conditional: /\breturn\b/.test(source.slice(0, found.index)) }];
  });
}

export interface Forecast {
  title: string;
  location: string;
  /** Empty when the test will run. */
  skips: string[];
  caveats: string[];
}

function forecastOne(
  spec: JsonSpec,
  root: string,
  measured: ModeRecord,
  target: TargetConfig | null,
): Forecast {
  const location = `${spec.file ?? '?'}:${spec.line ?? 0}`;
  const past = measured.tests.find((test) => test.title === spec.title);
  const skips = past?.status === 'skipped' ? [past.reason ?? 'no reason given'] : [];
  const source = testCallText(resolve(root, spec.file ?? ''), spec.line ?? 1, spec.column ?? 1);
  const caveats = AT_RUN_TIME.flatMap(([uses, caveat]) => (uses.test(source) ? [caveat] : []));
  for (const { reason, conditional } of unmet(source, target))
    if (conditional) caveats.push(`may skip at run time (on a path after an early return): ${reason}`);
    else skips.push(reason);
  return { title: spec.title, location, skips, caveats };
}

/** The configuration a run of `mode` would have: the current one, read as that mode reads it. */
export function configurationFor(mode: Mode, env: NodeJS.ProcessEnv): TargetConfig | string {
  if (mode === 'helpers')
    return env.SANDBOX_CONTROL_KEY !== undefined || env.TARGET_AUTH_URL === undefined
      ? 'helpers'
      : 'not helpers mode: TARGET_AUTH_URL is set without SANDBOX_CONTROL_KEY, so the test helpers are off';
  try {
    return resolveTarget({ ...env, SANDBOX_CONTROL_KEY: undefined });
  } catch (error) {
    if (error instanceof TargetConfigError) return `the run would stop before its tests: ${error.message}`;
    throw error;
  }
}

/** One forecast per listed test; in helpers mode only the measured skips apply (the helpers make every actor). */
export function forecast(
  specs: readonly JsonSpec[],
  root: string,
  measured: ModeRecord,
  target: TargetConfig | null,
): Forecast[] {
  return specs.map((spec) => forecastOne(spec, root, measured, target));
}

/** The console's account: a line per test, will run or skipped and why, then the skips grouped by what unlocks them. */
export function forecastLines(mode: Mode, found: readonly Forecast[]): string[] {
  const skipped = found.filter((test) => test.skips.length > 0);
  const groups = new Map<string, number>();
  for (const test of skipped)
    for (const skip of test.skips) groups.set(unlockOf(skip), (groups.get(unlockOf(skip)) ?? 0) + 1);
  return [
    ...found.map((test) =>
      test.skips.length > 0
        ? `skipped   ${test.title} (${test.location}): ${test.skips.join(' | ')}`
        : `will run  ${test.title} (${test.location})${test.caveats.length > 0 ? `, but ${test.caveats.join('; ')}` : ''}`,
    ),
    '',
    `mode ${mode}, from the current configuration (environment and .env): ${found.length - skipped.length} of ${found.length} tests will run, ${skipped.length} will be skipped`,
    ...[...groups]
      .sort((a, b) => b[1] - a[1])
      .map(([unlock, count]) => `  ${String(count).padStart(3)} × ${unlock}`),
  ];
}
