import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { newNotificationToken } from '../fixtures/notifications.js';
import { NO_REDACTION_VARIABLE, REDACTED } from '../helpers/report/redact.js';
import { spawnCollect } from '../embedded/run-suite.js';
import { isSelected, selectionName, type TagSelection } from '../embedded/requirement-grep.js';
import { SECRET_MARKER_VARIABLE } from '../spec/secret-marker.js';
import {
  leaksByKind,
  markerPatterns,
  SECRET_KINDS,
  scanBytes,
  scanTree,
  type Leak,
} from '../helpers/report/secret-scan.js';
import { TRACE_REFUSAL } from '../helpers/target/trace-guard.js';
import { describeLeaks, expectScanCanFail } from './support/scan-checks.js';
import { journalLeaks } from './support/journal-scan.js';
import {
  FULL_RUNS,
  HISTORY_RUNS,
  HISTORY_SLICE,
  MARKER,
  runAndScan,
  SLICE,
  SLICE_FAULTS,
  timedRunAndScan,
} from './support/secret-scan-runs.js';
import { secretMaker } from '../sandbox/store/crypto.js';
import { startSandbox } from '../sandbox/start.js';
import { settings, childEnvironment } from '../config/environment.js';
import { patient } from '../helpers/target/patience.js';

/**
 * "No secret in any artefact, whatever the server does": the suite runs against
 * a sandbox whose every secret (and the control key, and the suite's notification tokens) starts
 * with a marker and a tag of its kind, with faults on that fail checks and move secrets where a
 * faulty server would put them; then everything the run wrote (Allure results, the generated
 * report and its history, Playwright JSON, JUnit, test output, any zip) and printed is searched
 * for the marker: raw (which is also every URL and JSON encoding of it), UTF-16, and base64 or
 * base64url at each alignment. One hit is one leaked secret. `npm test` runs a slice; `npm run
 * secret-scan` the whole suite under each fault, ten generations of history, and the control run
 * with redaction off that must find every kind of secret.
 */

const FULL = settings().SECRET_SCAN === 'full';

test.describe('sandbox secrets are marked', () => {
  test('sandbox secrets, control key and notification tokens carry the marker and their kind', async () => {
    const sandbox = await startSandbox({ secretPrefix: MARKER });
    try {
      const { state } = sandbox;
      const { client, secret } = state.clients.register(['https://client.example/cb'], 'marked');
      const grant = { clientId: client.clientId, login: 'x', scopes: [], issuedAtMs: 0 };
      const generated = [
        [secret, SECRET_KINDS['client secrets']],
        [state.users.create({}).password, SECRET_KINDS.passwords],
        [state.codes.issue({ ...grant, redirectUriSent: null }), SECRET_KINDS.codes],
        [state.tokens.issue(grant), SECRET_KINDS['access tokens']],
      ] as const;
      for (const [value, tag] of generated)
        expect(value).toMatch(new RegExp(`^${MARKER}${tag}[A-Za-z0-9_-]{24,}$`));
    } finally {
      await sandbox.close();
    }
    expect(newNotificationToken({ [SECRET_MARKER_VARIABLE]: MARKER })).toMatch(new RegExp(`^${MARKER}ntk_`));
    expect(() => secretMaker('no spaces')).toThrow(SECRET_MARKER_VARIABLE);
  });
});

/**
 * Tests of the slice that fail under its faults, printing their exchanges: a code redeemed twice,
 * a state added where none was sent, a delivery without its token, a wrong client secret.
 */
const MUST_FAIL: readonly TagSelection[] = [
  { ids: ['R2.2-03', 'R7.2-07'] },
  { ids: ['R5-02', 'R4.1-08'] },
  { case: 'change-to-pending_review' },
  { case: 'wrong-client-secret' },
];

test.describe('no secret in any artefact, whatever the server does', () => {
  test('a slice of the suite with failing checks writes and prints no secret', async () => {
    test.setTimeout(patient(240_000));
    const workspace = mkdtempSync(join(tmpdir(), 'conformance-secret-scan-'));
    try {
      const scanned = await runAndScan(
        { label: 'slice', faults: SLICE_FAULTS, grep: SLICE },
        join(workspace, 'slice'),
        join(workspace, 'history.jsonl'),
      );
      const { run } = scanned;
      // The run did what it must for the scan to mean anything: failures that print exchanges.
      const failed = run.tests.filter((verdict) => verdict.status === 'failed');
      expect(run.tests.length, run.output).toBeGreaterThanOrEqual(25);
      expect(run.tests.some((verdict) => verdict.status === 'passed')).toBe(true);
      const unfailed = MUST_FAIL.filter(
        (selection) => !failed.some((verdict) => isSelected(verdict.tags, selection)),
      );
      expect(unfailed.map(selectionName), 'tests that must fail under the slice faults').toEqual([]);
      const framing: TagSelection = { case: 'pages-forbid-framing' };
      expect(run.tests.some((verdict) => isSelected(verdict.tags, framing))).toBe(true);
      expect(failed.some((verdict) => verdict.message.includes(REDACTED))).toBe(true);
      expectScanCanFail(MARKER, join(workspace, 'slice'));
      expect(scanned.leaks.length, describeLeaks(scanned.leaks)).toBe(0);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  test('the whole suite under every fault that moves a secret writes and prints no secret', async () => {
    test.skip(!FULL, 'the full scan runs with SECRET_SCAN=full (npm run secret-scan)');
    test.setTimeout(patient(7_200_000));
    const workspace = mkdtempSync(join(tmpdir(), 'conformance-secret-scan-full-'));
    try {
      const leaks: Leak[] = [];
      // SECRET_SCAN_RUNS=<text>: only the runs whose label holds it (to repeat one).
      const only = settings().SECRET_SCAN_RUNS ?? '';
      const runs = FULL_RUNS.filter((one) => one.label.includes(only));
      for (const [index, one] of runs.entries()) {
        const scanned = await timedRunAndScan(
          one,
          join(workspace, `run-${index + 1}`),
          join(workspace, 'history.jsonl'),
        );
        expect(scanned.run.tests.length, scanned.run.output).toBeGreaterThan(100);
        leaks.push(...scanned.leaks);
      }
      expect(leaks.length, describeLeaks(leaks)).toBe(0);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  test('history.jsonl after ten runs with failures holds no secret', async () => {
    test.skip(!FULL, 'the full scan runs with SECRET_SCAN=full (npm run secret-scan)');
    test.setTimeout(patient(3_600_000));
    const workspace = mkdtempSync(join(tmpdir(), 'conformance-secret-scan-history-'));
    const history = join(workspace, 'history.jsonl');
    try {
      for (let index = 0; index < HISTORY_RUNS; index += 1) {
        const scanned = await timedRunAndScan(
          { label: `history ${index + 1}`, faults: SLICE_FAULTS, grep: HISTORY_SLICE },
          join(workspace, `run-${index + 1}`),
          history,
        );
        expect(scanned.run.tests.some((verdict) => verdict.status === 'failed')).toBe(true);
        expect(scanned.leaks.length, describeLeaks(scanned.leaks)).toBe(0);
      }
      expect(readFileSync(history, 'utf8').trim().split('\n').length).toBe(HISTORY_RUNS);
      const leaks = scanBytes(readFileSync(history), markerPatterns(MARKER), 'history.jsonl');
      console.log(`history.jsonl after ${HISTORY_RUNS} runs: ${leaks.length} hits`);
      expect(leaks.length, describeLeaks(leaks)).toBe(0);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  test('with redaction off, the same scan finds every kind of secret', async () => {
    test.skip(!FULL, 'the full scan runs with SECRET_SCAN=full (npm run secret-scan)');
    test.setTimeout(patient(1_800_000));
    const workspace = mkdtempSync(join(tmpdir(), 'conformance-secret-scan-control-'));
    try {
      const unredacted = await timedRunAndScan(
        { label: 'redaction off', faults: SLICE_FAULTS, grep: SLICE },
        join(workspace, 'run'),
        join(workspace, 'history.jsonl'),
        { [NO_REDACTION_VARIABLE]: '1' },
      );
      const byKind = leaksByKind(MARKER, (patterns) => [
        ...scanTree(workspace, patterns),
        ...scanBytes(Buffer.from(unredacted.run.stdout), patterns, 'stdout'),
        ...scanBytes(Buffer.from(unredacted.run.output), patterns, 'stderr'),
      ]);
      console.log(`redaction off: ${unredacted.leaks.length} hits; by kind ${JSON.stringify(byKind)}`);
      for (const [kind, hits] of Object.entries(byKind)) expect(hits, kind).toBeGreaterThan(0);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  test('traces are refused, with the reason', async () => {
    const reportsDir = mkdtempSync(join(tmpdir(), 'conformance-trace-'));
    const { exitCode, stderr } = await spawnCollect(
      'npx',
      ['playwright', 'test', '--project=conformance', '--trace', 'on', 'suites/registration.spec.ts'],
      childEnvironment({ REPORTS_DIR: reportsDir }),
      120_000,
    ).finally(() => {
      rmSync(reportsDir, { recursive: true, force: true });
    });
    expect(exitCode).toBe(2);
    expect(stderr).toContain(TRACE_REFUSAL);
  });
});

test.describe('the journal of a run never holds a secret', () => {
  test('the journal file and the control API answer, under every chaos profile and hostile placements, hold no marked secret', async () => {
    test.setTimeout(patient(60_000));
    const folder = mkdtempSync(join(tmpdir(), 'conformance-journal-scan-'));
    try {
      const { leaks, records, revokedUses } = await journalLeaks(MARKER, folder);
      expect(records).toBeGreaterThan(20);
      expect(revokedUses, 'requests with a revoked token were scanned').toBeGreaterThan(0);
      expect(leaks, describeLeaks(leaks)).toEqual([]);
      expectScanCanFail(MARKER, folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
