import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { runSuite, spawnCollect, type SuiteRunResult, type TestVerdict } from '../../embedded/run-suite.js';
import { markerPatterns, scanBytes, scanTree, type Leak } from '../../helpers/report/secret-scan.js';
import type { FaultName } from '../../sandbox/faults.js';
import { VARIANTS, type VariantName } from '../../sandbox/variants.js';
import { SECRET_MARKER_VARIABLE } from '../../spec/secret-marker.js';
import { childEnvironment } from '../../config/environment.js';
import { caseGrep, everyRequirementGrep, requirementGrep } from '../../embedded/requirement-grep.js';

// The runs of selftest/secret-scan.spec.ts: which tests under which faults, and one run scanned.

/** Fresh per run, so that no earlier run's file or log can be mistaken for this run's leak. */
export const MARKER = `LEAKCANARY${randomBytes(4).toString('hex')}`;

/**
 * Token, authorization, listing and notification tests, and the advisory test that types a
 * password, by their tags: each prints a password, a secret, a code, a token or a notification token.
 */
export const SLICE = [
  // Authorization: the sign-in, and the way back to the client with a code (and without state).
  requirementGrep(['R5-01', 'R5-02']),
  // Token: a code's single use and lifetime, the exchange, HTTPS and no GET, a code surviving refusals.
  requirementGrep(['R8-02', 'R4.2-06', 'R4.2-01', 'R3-02']),
  caseGrep(['invented-code', 'wrong-client-secret', 'secret-in-query']),
  // Listing: its token and scopes, a scope asked beyond the grant, the rate limit.
  requirementGrep(['R4.4-01', 'R7.2-10', 'R7.3-05']),
  // Notifications: create and its rules, the scope, another user's configuration, update and delete.
  requirementGrep(['R4.6-05', 'R2.7-02']),
  everyRequirementGrep(['R4.6-06', 'R5-06']),
  caseGrep(['update-persisted', 'read-after-delete', 'deliveries-follow-update']),
  caseGrep(['change-to-pending_review', 'change-to-deleted']),
  caseGrep(['pages-forbid-framing']),
].join('|');

/** Faults that make checks of each area fail, so that the run prints failures with their exchanges. */
export const SLICE_FAULTS: readonly FaultName[] = [
  'code-reuse',
  'authz-state-added-when-absent',
  'notify-no-token',
  'notify-read-hides-token',
  'token-error-html-echo',
];

/** Every project but the self-tests. */
export const SUITE_PROJECTS = ['conformance', 'advisory'] as const;

export interface ScannedRun {
  label: string;
  faults: readonly FaultName[];
  variants?: readonly VariantName[];
  /** The whole suite when absent. */
  grep?: string;
}

/**
 * The full scan (npm run secret-scan): the whole suite, once per way a faulty server moves a
 * secret (renamed fields, a header, an HTML page echoing the request, the code in the fragment
 * or under another name, credentials in a query), and once against other page markup.
 */
export const FULL_RUNS: readonly ScannedRun[] = [
  {
    label: 'renamed token field, HTML error pages echoing the request',
    faults: ['token-access-token-renamed', 'token-error-html-echo', 'token-error-field-renamed'],
  },
  {
    label: 'token in a header, credentials in Basic, a query or a GET',
    faults: [
      'token-access-token-in-header',
      'token-basic-wrong-secret-accepted',
      'token-secret-in-query-accepted',
      'token-get-accepted',
      'catalog-token-in-query-only',
    ],
  },
  { label: 'code in the fragment', faults: ['authz-response-in-fragment'] },
  { label: 'code under another name', faults: ['authz-code-param-renamed', 'authz-state-added-when-absent'] },
  {
    label: 'other login markup, the notification token in a header, failing checks',
    faults: ['code-reuse', 'notify-no-token', 'notify-read-hides-token', 'notify-old-status'],
    variants: ['login-other-markup', 'notify-token-header'],
  },
];

/** Ten generations of one Allure history, each run with failures. */
export const HISTORY_RUNS = 10;
/** The five status deliveries' case tags (suites/notifications/deliveries.spec.ts). */
const DELIVERED_STATUSES = ['pending_review', 'published', 'deleted', 'refused', 'archived_by_conformance'];
/** A few tests that fail under SLICE_FAULTS and print tokens, codes and notification tokens. */
export const HISTORY_SLICE = [
  everyRequirementGrep(['R2.2-03', 'R8-02', 'R7.2-07']),
  caseGrep(['wrong-client-secret']),
  requirementGrep(['R3-02']),
  caseGrep(DELIVERED_STATUSES.map((status) => `change-to-${status}`)),
  caseGrep(['pages-forbid-framing']),
].join('|');

/**
 * One nested run against the embedded sandbox, its Allure report generated into the same folder
 * with `history` as the history file, then everything written and printed scanned for the marker.
 */
export async function runAndScan(
  one: ScannedRun,
  reportsDir: string,
  history: string,
  extraEnv: Record<string, string> = {},
): Promise<{ run: SuiteRunResult; leaks: Leak[] }> {
  mkdirSync(reportsDir, { recursive: true });
  const variantEnv = Object.assign({}, ...(one.variants ?? []).map((name) => VARIANTS[name].env)) as Record<
    string,
    string
  >;
  const run = await runSuite({
    faults: one.faults,
    ...(one.variants === undefined ? {} : { variants: one.variants }),
    ...(one.grep === undefined ? {} : { grep: one.grep }),
    projects: SUITE_PROJECTS,
    env: { [SECRET_MARKER_VARIABLE]: MARKER, ...variantEnv, ...extraEnv },
    workers: 2,
    reportsDir,
    timeoutMs: 1_200_000,
  });
  const allure = await spawnCollect(
    'npx',
    ['allure', 'generate', join(reportsDir, 'allure-results'), '--output', join(reportsDir, 'allure-report')],
    childEnvironment({ ALLURE_HISTORY_PATH: history }),
    120_000,
  );
  expect(allure.exitCode, allure.stderr).toBe(0);
  const patterns = markerPatterns(MARKER);
  const leaks = [
    ...scanTree(reportsDir, patterns),
    ...scanBytes(readFileSync(history), patterns, 'history.jsonl'),
    ...scanBytes(Buffer.from(run.stdout), patterns, `${one.label}: stdout`),
    ...scanBytes(Buffer.from(run.output), patterns, `${one.label}: stderr`),
    ...scanBytes(Buffer.from(allure.stdout + allure.stderr), patterns, `${one.label}: allure output`),
  ];
  return { run, leaks };
}

/** runAndScan, printing what ran, how it ended, how many hits and how long it took. */
export async function timedRunAndScan(
  one: ScannedRun,
  reportsDir: string,
  history: string,
  extraEnv: Record<string, string> = {},
): Promise<{ run: SuiteRunResult; leaks: Leak[] }> {
  const started = Date.now();
  const scanned = await runAndScan(one, reportsDir, history, extraEnv);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `${one.label}: ${scanned.run.tests.length} tests (${verdictCounts(scanned.run.tests)}), ${scanned.leaks.length} hits, ${seconds} s`,
  );
  return scanned;
}

function verdictCounts(verdicts: readonly TestVerdict[]): string {
  const count = (status: TestVerdict['status']): number =>
    verdicts.filter((verdict) => verdict.status === status).length;
  return `${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`;
}
