import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { markerPatterns, scanTree } from '../helpers/report/secret-scan.js';
import type { JournalRecord } from '../spec/journal.js';
import { CLIENT_REQUIREMENTS } from '../spec/requirements/client.js';
import { RAW_SECRETS, type Mistake } from './broken-clients/mistakes.js';
import { referenceJournal } from './broken-clients/reference-client.js';
import { listenOnLoopback } from './support/listen.js';
import { childEnvironment } from '../config/environment.js';

const ROOT = join(__dirname, '..');

/** Runs the command as a team would (through bin/cli.ts), its output kept beside the files it wrote. */
function clientReport(
  args: readonly string[],
  dir: string,
  env: NodeJS.ProcessEnv = {},
): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [require.resolve('tsx/cli'), join(ROOT, 'bin/cli.ts'), 'client-report', ...args],
    {
      cwd: dir,
      encoding: 'utf8',
      env: childEnvironment({ SANDBOX_CONTROL_URL: '', SANDBOX_CONTROL_KEY: '', ...env }),
    },
  );
  const output = `${run.stdout}${run.stderr}`;
  writeFileSync(join(dir, `output-${Date.now()}-${Math.random()}.txt`), output);
  return { status: run.status, output };
}

/** The same, without blocking this process (a test that serves the control API answers meanwhile). */
function clientReportAsync(
  args: readonly string[],
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), join(ROOT, 'bin/cli.ts'), 'client-report', ...args],
    {
      cwd: dir,
      env: childEnvironment({ SANDBOX_CONTROL_URL: '', SANDBOX_CONTROL_KEY: '', ...env }),
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) =>
    child.on('close', (status) => {
      writeFileSync(join(dir, `output-${Date.now()}-${Math.random()}.txt`), output);
      done({ status, output });
    }),
  );
}

/** A broken client's journal into which a careless journal let raw secrets through. */
function leakyJournal(mistake: Mistake, clientId: string): { records: JournalRecord[]; culprit: number } {
  const { records, mistake: culprit } = referenceJournal(mistake, clientId);
  for (const record of records) {
    if (record.kind === 'delivery' && record.decision?.fault === 'forged')
      record.url = `https://hook:${RAW_SECRETS.notificationToken}@receiver.example/hook?token=${RAW_SECRETS.notificationToken}`;
    if (record.kind !== 'request') continue;
    if (record.endpoint === 'authorize') record.params = { ...record.params, password: RAW_SECRETS.password };
    // Each code raw, the same in its issue and its exchange, so that the grades do not change.
    const raw = (code: unknown) => `${RAW_SECRETS.code}${String(code).slice(3)}`;
    if (record.endpoint === 'token' && record.params?.code !== undefined)
      record.params.code = raw(record.params.code);
    if (record.endpoint === 'consent' && record.answer?.code !== undefined)
      record.answer.code = raw(record.answer.code);
  }
  return { records, culprit: culprit ?? -1 };
}

function writeJournal(dir: string, records: readonly JournalRecord[]): string {
  const file = join(dir, 'journal.jsonl');
  writeFileSync(file, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
  return file;
}

/** The outputs of one broken client's card: its failure and the record of its mistake in each. */
function expectOutputs(out: string, output: string, id: string, culprit: string): void {
  expect(output).toContain(`FAILED        ${id} `);
  expect(output).toContain('Chaos: hostile-marketplace, seed 7');
  expect(output).toContain(`evidence: ${culprit}`);
  expect(readFileSync(join(out, 'card.md'), 'utf8')).toContain(culprit);
  const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
  expect(junit).toMatch(new RegExp(`<testsuites [^>]*tests="${CLIENT_REQUIREMENTS.length}" failures="1"`));
  expect(junit).toContain(culprit);
  const results = readdirSync(join(out, 'allure'))
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => JSON.parse(readFileSync(join(out, 'allure', name), 'utf8')) as AllureResult);
  const requirementOf = (result: AllureResult) =>
    result.labels.find((label) => label.name === 'requirement')?.value;
  expect(results.map(requirementOf).sort()).toEqual(CLIENT_REQUIREMENTS.map((found) => found.id).sort());
  expect(results.filter((result) => result.status === 'failed').map(requirementOf)).toEqual([id]);
}

interface AllureResult {
  status: string;
  labels: Array<{ name: string; value: string }>;
}

test.describe('classifieds-conformance client-report', () => {
  test('a broken client: exit 1, its evidence in every output, the chaos set-up named, no secret anywhere', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-report-'));
    const leaky: Array<[Mistake, string]> = [
      ['puts-the-secret-in-the-authorize-url', 'C5-01'],
      ['reuses-a-code', 'C2.2-01'],
      ['accepts-a-forged-delivery', 'C6-02'],
    ];
    const journals = leaky.map(([mistake], index) => leakyJournal(mistake, `client-leaky-${index}`));
    const file = writeJournal(
      dir,
      journals.flatMap(({ records }) => records),
    );
    leaky.forEach(([, id], index) => {
      const out = join(dir, `client-${index}`);
      const args = [
        '--client-id',
        `client-leaky-${index}`,
        '--journal',
        file,
        '--markdown',
        join(out, 'card.md'),
        '--junit',
        join(out, 'junit.xml'),
        '--allure',
        join(out, 'allure'),
      ];
      const { status, output } = clientReport(args, dir);
      expect(status, output).toBe(1);
      expectOutputs(out, output, id, `#${journals[index]?.culprit ?? '?'} `);
    });
    const leaks = Object.values(RAW_SECRETS).flatMap((secret) =>
      scanTree(dir, markerPatterns(secret)).filter((leak) => leak.where !== 'journal.jsonl'),
    );
    expect(leaks).toEqual([]);
  });

  test('a client that made no request: every requirement not exercised, exit 1 only with --require-exercised', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-report-'));
    const file = writeJournal(dir, referenceJournal(undefined, 'client-busy').records);
    const quiet = clientReport(
      ['--client-id', 'client-silent', '--journal', file, '--junit', join(dir, 'junit.xml')],
      dir,
    );
    expect(quiet.status, quiet.output).toBe(0);
    expect(quiet.output).toContain(
      `${CLIENT_REQUIREMENTS.length} requirements: 0 passed, 0 failed, 0 advisory warning(s), ${CLIENT_REQUIREMENTS.length} not exercised`,
    );
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(
      new RegExp(`failures="0" skipped="${CLIENT_REQUIREMENTS.length}"`),
    );
    const strict = clientReport(
      ['--client-id', 'client-silent', '--journal', file, '--require-exercised'],
      dir,
    );
    expect(strict.status, strict.output).toBe(1);
  });

  test("a running sandbox's control API: the journal read with the key, which no output shows", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-report-'));
    const key = 'control-key-Rt5Yh8Uj2Ik4Ol7P';
    const { records } = referenceJournal('loops-on-a-repeated-token', 'client-api');
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      const allowed = request.headers['x-sandbox-key'] === key;
      response.writeHead(allowed ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(allowed ? { records, dropped: 3 } : { reason: 'ACCESS_DENIED' }));
    });
    const { url } = await listenOnLoopback(server);
    try {
      const run = await clientReportAsync(
        ['--client-id', 'client-api', '--since', '2026-11-27T00:00:00Z'],
        dir,
        {
          SANDBOX_CONTROL_URL: url,
          SANDBOX_CONTROL_KEY: key,
        },
      );
      expect(run.status, run.output).toBe(0);
      expect(run.output).toContain('ADVISORY      C4.4-04 ');
      expect(run.output).toContain('3 dropped by the journal');
      expect(asked[0]).toContain('/test_helpers/v1/journal?client_id=client-api&since=');
      const refused = await clientReportAsync(
        ['--client-id', 'client-api', '--control-url', url, '--key', 'wrong-key-Zx9Cv8Bn7'],
        dir,
        {},
      );
      expect(refused.status, refused.output).toBe(2);
      expect(scanTree(dir, markerPatterns(key))).toEqual([]);
    } finally {
      server.close();
    }
  });

  test('a journal line that is not a record: exit 2, naming the line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-report-'));
    const file = join(dir, 'journal.jsonl');
    writeFileSync(file, `${JSON.stringify(referenceJournal().records[0])}\n{"kind": "request"\n`);
    const run = clientReport(['--client-id', 'client-reference', '--journal', file], dir);
    expect(run.status).toBe(2);
    expect(run.output).toContain('journal.jsonl:2: not JSON');
  });

  test("a second card of the client replaces the first in the Allure folder, and leaves others' results", () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-report-'));
    const allure = join(dir, 'allure-results');
    const file = writeJournal(dir, referenceJournal('reuses-a-code', 'client-twice').records);
    mkdirSync(allure);
    writeFileSync(
      join(allure, 'suite-result.json'),
      JSON.stringify({ uuid: 'suite', labels: [{ name: 'epic', value: 'token' }] }),
    );
    for (let run = 0; run < 2; run += 1) {
      const { status, output } = clientReport(
        ['--client-id', 'client-twice', '--journal', file, '--allure', allure],
        dir,
      );
      expect(status, output).toBe(1);
    }
    const files = readdirSync(allure);
    expect(files.filter((name) => name.endsWith('-result.json'))).toHaveLength(
      CLIENT_REQUIREMENTS.length + 1,
    );
    expect(files.filter((name) => name.endsWith('-attachment.txt'))).toHaveLength(1);
  });
});
