// The rate-limit check is the `conformance-last` project, the teardown of `conformance`, which
// Playwright runs in full whatever the files and --grep (playwright.config.ts). A run whose selection
// is narrower (a file, a folder, a --grep: a failure's rerun line, a nested self-test run) leaves it
// out with --no-deps unless its selection would hold that test.
import { resolve } from 'node:path';
import { PACKAGE_ROOT } from './playwright-command.js';

export const LAST_PROJECT = 'conformance-last';
const LAST_FILE = resolve(PACKAGE_ROOT, 'suites/listing/rate-limit.last.spec.ts');
/** Its title with its describe and tags, as --grep sees it (selftest/last-project.spec.ts holds them together). */
export const LAST_TESTS_TITLE =
  '7.3 Ad listing errors: the rate limit, after every other listing test a request rate above the limit meets RATE_LIMIT with the numbers in its message @R7.3-05 @R8-05 @listing';

export interface Selection {
  files: readonly string[];
  grep?: string | undefined;
  grepInvert?: string | undefined;
}

/** Playwright's file filters are regular expressions over the path, with an optional :line. */
function fileHolds(filter: string): boolean {
  const path = filter.replace(/:\d+(:\d+)?$/, '');
  if (LAST_FILE.includes(resolve(path)) || LAST_FILE.includes(path)) return true;
  try {
    return new RegExp(path).test(LAST_FILE);
  } catch {
    return false;
  }
}

function matches(pattern: string | undefined, fallback: boolean): boolean {
  if (pattern === undefined) return fallback;
  try {
    return new RegExp(pattern).test(LAST_TESTS_TITLE);
  } catch {
    return fallback;
  }
}

/** Whether the selection would hold the rate-limit check, were it an ordinary test. */
export function holdsLastTests(selection: Selection): boolean {
  const byFile = selection.files.length === 0 || selection.files.some(fileHolds);
  return byFile && matches(selection.grep, true) && !matches(selection.grepInvert, false);
}

/** Whether anything narrows the run: otherwise the teardown runs as Playwright schedules it. */
export function isNarrowed(selection: Selection): boolean {
  return selection.files.length > 0 || selection.grep !== undefined || selection.grepInvert !== undefined;
}

/** Playwright's options that take a value as the next argument (the rest are flags). */
const VALUED = new Set([
  '-g',
  '--grep',
  '--grep-invert',
  '--project',
  '--shard',
  '-j',
  '--workers',
  '--reporter',
  '--timeout',
  '--retries',
  '--max-failures',
  '--repeat-each',
  '--output',
  '-c',
  '--config',
  '--trace',
  '--global-timeout',
  '--tsconfig',
  '--update-snapshots',
  '-u',
]);

/** The files and greps of a `playwright test` command line. */
export function selectionOf(args: readonly string[]): Selection {
  const selection: { files: string[]; grep?: string | undefined; grepInvert?: string | undefined } = {
    files: [],
  };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const [name, inline] =
      arg.startsWith('-') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (!name.startsWith('-')) selection.files.push(name);
    else if (VALUED.has(name)) {
      const value = inline ?? args[(index += 1)];
      if (name === '-g' || name === '--grep') selection.grep = value;
      if (name === '--grep-invert') selection.grepInvert = value;
    }
  }
  return selection;
}

/**
 * What a run given these Playwright arguments adds so that a narrowed selection runs exactly that:
 * --no-deps, and the last project back when the selection holds its test.
 */
export function lastProjectArgs(args: readonly string[]): string[] {
  const selection = selectionOf(args);
  if (!isNarrowed(selection)) return [];
  return ['--no-deps', ...(holdsLastTests(selection) ? [`--project=${LAST_PROJECT}`] : [])];
}
