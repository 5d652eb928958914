import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { environmentWithoutTarget, spawnCollect } from '../embedded/run-suite.js';
import { HELPERS_TARGET } from './support/target-problems.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A target variable typed wrong, as a QA engineer configuring a nightly would: the embedded sandbox
 * must not start in its place, and the run must end before any test, naming the variable. Each
 * mistake runs the suite's own command (scripts/conformance.ts).
 */
interface Mistake {
  what: string;
  env: Record<string, string>;
  /** The problem line the refusal must hold. */
  line: RegExp;
  /** Another problem named in the same message, when the mistake has two. */
  also?: RegExp;
}

const LOOPBACK = 'https://127.0.0.1:9';
const BOTH = { ...HELPERS_TARGET, TARGET_AUTH_URL: LOOPBACK, TARGET_APPS_URL: LOOPBACK };

const MISTAKES: readonly Mistake[] = [
  {
    what: 'a scheme typo',
    env: { ...BOTH, TARGET_AUTH_URL: 'htps://127.0.0.1:9' },
    line: /TARGET_AUTH_URL: expected an absolute http\(s\) URL, got "htps:\/\/127\.0\.0\.1:9": the scheme "htps"/,
  },
  {
    what: 'no scheme',
    env: { ...BOTH, TARGET_AUTH_URL: '127.0.0.1:9' },
    line: /TARGET_AUTH_URL: .*got "127\.0\.0\.1:9": no scheme/,
  },
  {
    what: 'TARGET_APPS_URL alone, the auth URL forgotten',
    env: { TARGET_APPS_URL: LOOPBACK, SANDBOX_CONTROL_KEY: 'k' },
    line: /TARGET_AUTH_URL: required together with TARGET_APPS_URL/,
  },
  {
    what: 'a leading space',
    env: { ...BOTH, TARGET_AUTH_URL: ` ${LOOPBACK}` },
    line: /TARGET_AUTH_URL: .*: it starts with a space/,
  },
  {
    what: 'a trailing space',
    env: { ...BOTH, TARGET_APPS_URL: `${LOOPBACK} ` },
    line: /TARGET_APPS_URL: .*: it ends with a space/,
  },
  {
    what: 'quotes kept around the value',
    env: { ...BOTH, TARGET_AUTH_URL: `"${LOOPBACK}"` },
    line: /TARGET_AUTH_URL: .*wrapped in quotes/,
  },
  {
    what: 'one slash after the scheme',
    env: { ...BOTH, TARGET_APPS_URL: 'https:/127.0.0.1:9' },
    line: /TARGET_APPS_URL: .*"https:" must be followed by "\/\/"/,
  },
  {
    what: 'a path alone',
    env: { ...BOTH, TARGET_AUTH_URL: '/oauth' },
    line: /TARGET_AUTH_URL: .*a path, not an absolute URL/,
  },
  {
    what: 'no host',
    env: { ...BOTH, TARGET_APPS_URL: 'https://' },
    line: /TARGET_APPS_URL: .*no host/,
  },
  {
    what: 'only spaces',
    env: { ...BOTH, TARGET_AUTH_URL: '   ' },
    line: /TARGET_AUTH_URL: .*only spaces/,
  },
  {
    what: "the token endpoint's URL for the authorization server's base",
    env: { ...BOTH, TARGET_AUTH_URL: 'https://127.0.0.1:9/oauth/token' },
    line: /TARGET_AUTH_URL: .*ends with the endpoint's path \/oauth\/token/,
  },
  {
    what: 'the control key alone',
    env: { SANDBOX_CONTROL_KEY: 'k' },
    line: /TARGET_AUTH_URL: required; SANDBOX_CONTROL_KEY is set/,
  },
  {
    what: 'an account variable alone',
    env: { TARGET_CLIENT_ID: 'id' },
    line: /TARGET_AUTH_URL: required; TARGET_CLIENT_ID is set/,
  },
  {
    what: 'a control URL without its key',
    env: { TARGET_AUTH_URL: LOOPBACK, TARGET_APPS_URL: LOOPBACK, SANDBOX_CONTROL_URL: LOOPBACK },
    line: /SANDBOX_CONTROL_KEY: required when SANDBOX_CONTROL_URL is set/,
  },
  {
    what: 'a control URL of another scheme',
    env: { ...BOTH, SANDBOX_CONTROL_URL: 'ftp://127.0.0.1:9' },
    line: /SANDBOX_CONTROL_URL: .*the scheme "ftp" is not http or https/,
  },
  {
    what: "a misspelt variable's name",
    env: { TARGET_AUTH_ULR: LOOPBACK, TARGET_APPS_URL: LOOPBACK, SANDBOX_CONTROL_KEY: 'k' },
    line: /TARGET_AUTH_ULR: not a variable the suite reads \(did you mean TARGET_AUTH_URL\?\)/,
  },
  {
    what: "the variables' names in lower case",
    env: { target_auth_url: LOOPBACK, target_apps_url: LOOPBACK, sandbox_control_key: 'k' },
    line: /target_auth_url: not a variable the suite reads \(did you mean TARGET_AUTH_URL\? names are upper case\)/,
  },
  {
    what: "a prefix's letters swapped",
    env: { ...BOTH, TARGTE_APPS_URL: LOOPBACK },
    line: /TARGTE_APPS_URL: not a variable the suite reads \(did you mean TARGET_APPS_URL\?\)/,
  },
  {
    what: "the target's CA without its URLs",
    env: { TLS_CA_FILE: '/etc/hostname', SANDBOX_CONTROL_KEY: 'k' },
    line: /TARGET_AUTH_URL: required; .*TLS_CA_FILE/,
  },
  {
    what: "the target's name without its URLs (the nightly's variables half set)",
    env: { CONFORMANCE_TARGET_NAME: 'marketplace sandbox', SANDBOX_CONTROL_KEY: 'k' },
    line: /TARGET_AUTH_URL: required; .*CONFORMANCE_TARGET_NAME/,
  },
  {
    what: 'two wrong values at once',
    env: { ...BOTH, TARGET_AUTH_URL: 'htps://127.0.0.1:9', WEBHOOK_WAIT_MS: 'soon' },
    line: /TARGET_AUTH_URL: .*the scheme "htps"/,
    also: /WEBHOOK_WAIT_MS: expected an integer/,
  },
];

test.describe('a mistyped target is refused before any test, naming the variable', () => {
  for (const mistake of MISTAKES) {
    test(`${mistake.what}: no embedded sandbox, no test, the variable named`, async () => {
      test.setTimeout(patient(120_000));
      const reports = mkdtempSync(join(tmpdir(), 'conformance-mistake-'));
      try {
        const started = performance.now();
        const run = await spawnCollect(
          process.execPath,
          ['--import', 'tsx', 'scripts/conformance.ts'],
          { ...environmentWithoutTarget(), REPORTS_DIR: reports, ...mistake.env },
          110_000,
        );
        // Shown, never asserted: the refusal's time on this machine.
        test.info().annotations.push({
          type: 'refused in',
          description: `${Math.round(performance.now() - started)} ms`,
        });
        const output = run.stdout + run.stderr;
        expect(run.exitCode, output).toBe(2);
        expect(output).toMatch(mistake.line);
        if (mistake.also !== undefined) expect(output).toMatch(mistake.also);
        expect(run.stdout.trim().split('\n').at(-1)).toMatch(
          /^0 passed, 1 failed \(the run stopped before its tests/,
        );
        expect(output).not.toMatch(/Running \d+ tests?/);
        const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as {
          suites: Array<{ specs: unknown[] }>;
        };
        expect(results.suites.flatMap((suite) => suite.specs)).toHaveLength(1);
      } finally {
        rmSync(reports, { recursive: true, force: true });
      }
    });
  }
});
