import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { newNotificationToken } from '../fixtures/notifications.js';
import { REDACTED } from '../helpers/redact.js';
import { runSuite, spawnCollect } from '../helpers/run-suite.js';
import { SECRET_MARKER_VARIABLE } from '../helpers/secret-marker.js';
import { markerPatterns, scanBytes, scanTree, type Leak } from '../helpers/secret-scan.js';
import { secretMaker } from '../sandbox/crypto.js';
import type { FaultName } from '../sandbox/faults.js';
import { startSandbox } from '../sandbox/start.js';

/**
 * Issue 7, "no secret in any report": a slice of the suite runs against a sandbox whose every
 * secret starts with a marker, with faults on so that checks fail and print their exchanges; then
 * everything the run wrote (Allure results and report, Playwright JSON, JUnit, test output) and
 * printed is searched for the marker. One hit is one leaked secret.
 */

/** Fresh per run, so that no earlier run's file or log can be mistaken for this run's leak. */
const MARKER = `LEAKCANARY${randomBytes(4).toString('hex')}`;

/** Token, authorization, listing and notification tests: 30 of them, under a minute on an idle machine. */
const SLICE = [
  'approval sends the browser back with a code',
  'without state, the redirect carries no state',
  '5 Authentication by login and password',
  '2\\.2 Authorization code',
  '4\\.2 Exchange code for access token',
  'client_secret in the query string',
  'a GET with the credentials in the URL',
  'a wrong client_secret',
  'no Authorization header: BAD_REQUEST',
  'a chat-only token: ACCESS_SCOPE_DENIED',
  'a token with only autoupload is accepted',
  'a token asking for more scope than granted',
  '4\\.6 Notification configuration',
  'a change to (pending_review|deleted) is delivered once',
  'after an update, deliveries go',
].join('|');

/** Faults that make checks of each area fail, so that the run prints failures with their exchanges. */
const FAULTS: readonly FaultName[] = [
  'code-reuse',
  'authz-state-added-when-absent',
  'notify-no-token',
  'notify-read-hides-token',
];

test.describe('no secret in any report (issue 7)', () => {
  test('sandbox secrets, control key and notification tokens carry the marker', async () => {
    const sandbox = await startSandbox({ secretPrefix: MARKER });
    try {
      const { state } = sandbox;
      const { client, secret } = state.clients.register(['https://client.example/cb'], 'marked');
      const grant = { clientId: client.clientId, login: 'x', scopes: [], issuedAtMs: 0 };
      for (const generated of [
        secret,
        state.users.create({}).password,
        state.codes.issue({ ...grant, redirectUriSent: null }),
        state.tokens.issue(grant),
      ])
        expect(generated).toMatch(new RegExp(`^${MARKER}[A-Za-z0-9_-]{24,}$`));
    } finally {
      await sandbox.close();
    }
    expect(newNotificationToken({ [SECRET_MARKER_VARIABLE]: MARKER })).toMatch(new RegExp(`^${MARKER}ntk_`));
    expect(() => secretMaker('no spaces')).toThrow(SECRET_MARKER_VARIABLE);
  });

  test('a run with failing checks writes and prints no secret', async () => {
    test.setTimeout(180_000);
    const reportsDir = mkdtempSync(join(tmpdir(), 'conformance-secret-scan-'));
    try {
      const run = await runSuite({
        faults: FAULTS,
        grep: SLICE,
        env: { [SECRET_MARKER_VARIABLE]: MARKER },
        workers: 2,
        reportsDir,
        timeoutMs: 150_000,
      });
      const allure = await spawnCollect(
        'npx',
        [
          'allure',
          'generate',
          join(reportsDir, 'allure-results'),
          '--output',
          join(reportsDir, 'allure-report'),
        ],
        process.env,
        60_000,
      );
      expect(allure.exitCode, allure.stderr).toBe(0);

      // The run did what it must for the scan to mean anything: failures that print exchanges.
      const failed = run.tests.filter((verdict) => verdict.status === 'failed');
      const passed = run.tests.filter((verdict) => verdict.status === 'passed');
      expect(run.tests.length, run.output).toBeGreaterThanOrEqual(25);
      expect(passed.length).toBeGreaterThan(0);
      expect(failed.map((verdict) => verdict.title)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('a code redeemed once is refused the second time'),
          expect.stringContaining('without state, the redirect carries no state'),
          expect.stringContaining('is delivered once'),
        ]),
      );
      expect(failed.some((verdict) => verdict.message.includes(REDACTED))).toBe(true);

      // The scan can fail: planted copies of a marked value, plain and zipped, are found.
      const planted = `${MARKER}${randomBytes(24).toString('base64url')}`;
      mkdirSync(join(reportsDir, 'planted'));
      writeFileSync(join(reportsDir, 'planted', 'control.txt'), `secret=${planted}\n`);
      const zipped = zipOf('control.txt', `secret=${planted}\n`.repeat(8));
      expect(scanBytes(zipped, markerPatterns(MARKER), 'raw zip')).toEqual([]);
      writeFileSync(join(reportsDir, 'planted', 'control.zip'), zipped);

      const patterns = markerPatterns(MARKER);
      const found = [
        ...scanTree(reportsDir, patterns),
        ...scanBytes(Buffer.from(run.stdout), patterns, 'stdout'),
        ...scanBytes(Buffer.from(run.output), patterns, 'stderr'),
      ];
      const plantedHits = found.filter((leak) => leak.where.startsWith(join('planted', '')));
      expect([...new Set(plantedHits.map((leak) => leak.where))].sort()).toEqual([
        join('planted', 'control.txt'),
        join('planted', 'control.zip!control.txt'),
      ]);
      const leaks = found.filter((leak) => !plantedHits.includes(leak));
      expect(leaks.length, describeLeaks(leaks)).toBe(0);
    } finally {
      rmSync(reportsDir, { recursive: true, force: true });
    }
  });
});

/** Where each leak is and what precedes it; the secret itself is never shown. */
function describeLeaks(leaks: readonly Leak[]): string {
  const lines = leaks.slice(0, 40).map((leak) => `${leak.where}: ...${leak.before}<secret>`);
  return [`${leaks.length} occurrence(s) of the secret marker:`, ...lines].join('\n');
}

/** A one-entry deflated zip, as a Playwright trace stores its files. */
function zipOf(name: string, text: string): Buffer {
  const content = Buffer.from(text);
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const common = (header: Buffer, at: number): void => {
    header.writeUInt16LE(20, at); // version needed
    header.writeUInt16LE(8, at + 4); // deflate
    header.writeUInt32LE(crc32(content), at + 10);
    header.writeUInt32LE(data.length, at + 14);
    header.writeUInt32LE(content.length, at + 18);
    header.writeUInt16LE(fileName.length, at + 22);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  common(local, 4);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  common(central, 6);
  const directoryAt = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
