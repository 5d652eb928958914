import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runSuite } from '../embedded/run-suite.js';
import { fetchJournal } from '../report-card/source.js';
import type { VariantName } from '../sandbox/variants.js';
import { gradedRun } from './support/client-run.js';
import { setChaos, setSwitch, startClientSandbox } from './support/client-sandbox.js';
import { patient } from '../helpers/target/patience.js';
import { cliCommand, type CommandRun } from './support/cli-command.js';

/**
 * The reliance contract of the reference client and the morning's verdict: the client runs against
 * the sandbox (under rate-limit chaos, so that it meets RATE_LIMIT and must handle it); its contract
 * is derived from the journal; the embedded sandbox stands in for the marketplace, observed as the
 * nightly observes it, once as it is and once with each drift switch. A drift that changes something
 * the contract relies on breaks exactly those facts, with the reason; one that touches nothing it
 * relies on breaks none. Eight runs: about 5 minutes on the 2-core machine.
 */
const OBSERVED_FILES = [
  'suites/catalog-snapshot.spec.ts',
  'suites/listing/errors.spec.ts',
  'suites/listing/isolation.spec.ts',
  'suites/listing/rate-limit.last.spec.ts',
  'suites/token/exchange.spec.ts',
  'suites/notifications/deliveries.spec.ts',
  'suites/notifications/configuration.spec.ts',
  'suites/basic-user-info.spec.ts',
];

/** Each drift switch and the facts of the reference client's contract it must break, alone. */
const DRIFTS: ReadonlyArray<readonly [VariantName, readonly string[]]> = [
  ['drift-car-brand-renumbered', ['catalog id | vehicle_brand 1 | car / Chevrolet']],
  ['drift-car-model-renamed', ['catalog id | vehicle_model 1001 | car / Chevrolet / Onix']],
  ['listing-other-statuses', ['error | listing GET RATE_LIMIT | HTTP 429; retried']],
  ['notify-token-header-unnamed', ['delivery | token header | "authorization (Bearer)"']],
  ['drift-token-extra-fields', []],
  ['drift-motorcycle-brand-removed', []],
];

const reliance = (args: readonly string[]): Promise<CommandRun> => cliCommand('reliance', args);

/** The lines of the check's output that open a broken fact, as the fact's line. */
const brokenFacts = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('BROKEN'))
    .map((line) => line.replace(/^BROKEN\s+/, ''));

test.describe('the reference client’s reliance contract against a drifting marketplace', () => {
  test.describe.configure({ mode: 'serial', timeout: patient(600_000) });
  let dir: string;
  let clientId: string;
  let contract: string;

  const observe = async (name: string, variants: VariantName[] = []): Promise<string> => {
    const reports = join(dir, name);
    await runSuite({ files: OBSERVED_FILES, reportsDir: reports, workers: 2, timeoutMs: 300_000, variants });
    return join(reports, 'observed.json');
  };

  test.beforeAll(async () => {
    test.setTimeout(patient(300_000));
    dir = mkdtempSync(join(tmpdir(), 'reliance-selftest-'));
    const sandbox = await startClientSandbox('rate-limit', 1);
    try {
      // Its block met on the listing, whatever the machine's speed: one status query an import
      // (decided at once), 19 requests of the client's own before the crawl (the browser's pages
      // count for no client), a page an ad, and the 23rd request refused.
      await setSwitch(sandbox, 'import-moderation-delay', 0);
      await setChaos(sandbox, { seed: 1, limit: 22 });
      const run = await gradedRun(sandbox, { fetchSize: 1 });
      clientId = run.clientId;
      const read = await fetchJournal(sandbox.controlUrl, sandbox.key, clientId, {});
      writeFileSync(
        join(dir, 'journal.jsonl'),
        read.records.map((record) => `${JSON.stringify(record)}\n`).join(''),
      );
    } finally {
      await sandbox.stop();
    }
    contract = join(dir, 'contract.txt');
    const derived = await reliance([
      '--client-id',
      clientId,
      '--journal',
      join(dir, 'journal.jsonl'),
      '--out',
      contract,
    ]);
    expect(derived.code, derived.stdout).toBe(0);
  });
  test.afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('the contract: what the client relied on, one fact a line, sorted, no secret, the same twice', async () => {
    const text = readFileSync(contract, 'utf8');
    for (const line of [
      'endpoint | listing GET | HTTP 200',
      'endpoint | token POST | HTTP 200',
      'credentials | listing GET | Authorization Bearer',
      'credentials | token POST | client secret in the body',
      'parameter | listing fetch_size | 1',
      'catalog id | vehicle_brand 1 | car / Chevrolet',
      'catalog id | vehicle_model 1001 | car / Chevrolet / Onix',
      'error | listing GET RATE_LIMIT | HTTP 429; retried',
      'delivery | token header | "authorization (Bearer)"',
    ])
      expect(text.split('\n')).toContain(line);
    // No fingerprint, let alone a secret: a contract holds what the client relied on, not what it held.
    expect(text).not.toMatch(/fp:|access_token"|secret"/);
    const again = await reliance(['--client-id', clientId, '--journal', join(dir, 'journal.jsonl')]);
    expect(again.stdout).toBe(text);
  });

  test('the marketplace as it is: no fact broken, exit 0, one JUnit test a fact', async () => {
    const junit = join(dir, 'reliance.xml');
    const checked = await reliance([
      'check',
      '--contract',
      contract,
      '--observed',
      await observe('baseline'),
      '--junit',
      junit,
    ]);
    expect(checked.code, checked.stdout).toBe(0);
    expect(brokenFacts(checked.stdout)).toEqual([]);
    const facts = readFileSync(contract, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(readFileSync(junit, 'utf8').match(/<testcase /g)).toHaveLength(facts.length);
    expect(checked.stdout).toContain(`reliance: ${facts.length} facts: `);
  });

  for (const [variant, broken] of DRIFTS)
    test(`${variant}: ${broken.length === 0 ? 'touches nothing it relies on, breaks none' : 'breaks exactly what it relies on there'}`, async () => {
      const checked = await reliance([
        'check',
        '--contract',
        contract,
        '--observed',
        await observe(variant, [variant]),
      ]);
      expect(brokenFacts(checked.stdout)).toEqual(broken);
      expect(checked.code, checked.stdout).toBe(broken.length === 0 ? 0 : 1);
      if (broken.length > 0)
        expect(checked.stdout).toMatch(/relies on .*; the marketplace .* since \d{4}-\d{2}-\d{2}: /);
    });
});
