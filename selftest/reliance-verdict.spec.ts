import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Profile } from '../helpers/profile/profile.js';
import { checkContract, exitStatusOf } from '../report-card/reliance/check.js';
import { contractText, type RelianceFact } from '../report-card/reliance/contract.js';
import { cliCommand } from './support/cli-command.js';

/**
 * A verdict that never hides a gap: every fact holds (0), a fact broken (1), facts tonight's
 * observation could not verify (3, or 0 with --accept-unverified), each saying what the nightly
 * would need to observe; a contract or a profile that is not one, whatever its flaw, exit 2 and one
 * line naming the file and the place, never a stack.
 */
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reliance-verdict-'));
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const TONIGHT: Profile = {
  format: 'classifieds-observed-profile/1',
  target: 'a marketplace',
  observedAt: '2026-12-04T02:00:00.000Z',
  run: {},
  catalog: { car: { id: 'car_info', children: { Fiat: { id: 7, children: { Uno: { id: 70 } } } } } },
  areas: {
    listing: { success: 'HTTP 200', 'error RATE_LIMIT': 'HTTP 429 {message:string,reason:"RATE_LIMIT"}' },
  },
};
const HOLDING: RelianceFact = { kind: 'endpoint', subject: 'listing GET', value: 'HTTP 200' };
const BROKEN: RelianceFact = { kind: 'catalog id', subject: 'vehicle_brand 6', value: 'car / Fiat' };
const UNVERIFIED: RelianceFact = { kind: 'parameter', subject: 'listing fetch_size', value: '50' };

function written(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

async function check(
  contract: string,
  observed: string,
  ...more: string[]
): Promise<{ code: number | null; out: string }> {
  const run = await cliCommand('reliance', [
    'check',
    '--contract',
    contract,
    '--observed',
    observed,
    ...more,
  ]);
  return { code: run.code, out: run.stdout };
}

test('three outcomes, three exit statuses: holds 0, broken 1, unverified 3 (0 when accepted), never 0 on a broken one', async () => {
  const tonight = written('tonight.json', JSON.stringify(TONIGHT));
  const contract = (name: string, facts: RelianceFact[]): string =>
    written(name, contractText('cl_1', facts));
  const holds = await check(contract('holds.txt', [HOLDING]), tonight);
  expect(holds.code, holds.out).toBe(0);
  const broken = await check(
    contract('broken.txt', [HOLDING, BROKEN, UNVERIFIED]),
    tonight,
    '--accept-unverified',
  );
  expect(broken.code, broken.out).toBe(1);
  expect(broken.out).toContain('BROKEN        catalog id | vehicle_brand 6 | car / Fiat');
  const gap = contract('gap.txt', [HOLDING, UNVERIFIED]);
  const unverified = await check(gap, tonight);
  expect(unverified.code, unverified.out).toBe(3);
  expect(unverified.out).toContain(
    'UNVERIFIED    parameter | listing fetch_size | 50 (the observation sent no fetch_size=50 nor values around it; the nightly would need to observe a listing request with fetch_size=50)',
  );
  expect(unverified.out).toContain('reliance: 2 facts: 1 hold, 0 broken, 1 unverified tonight');
  const accepted = await check(gap, tonight, '--accept-unverified');
  expect(accepted.code, accepted.out).toBe(0);
});

test('every kind of fact tonight says nothing of is unverified, with what the nightly would need to observe', () => {
  const facts: RelianceFact[] = [
    { kind: 'endpoint', subject: 'basic_user_info POST', value: 'HTTP 200' },
    { kind: 'credentials', subject: 'listing GET', value: 'Authorization Bearer' },
    { kind: 'parameter', subject: 'listing default page size', value: '200' },
    { kind: 'page token', subject: 'listing page token form', value: 'base64url, up to 256 characters' },
    { kind: 'page token', subject: 'listing page token length', value: 'up to 90 characters' },
    { kind: 'catalog id', subject: 'vehicle_model 1001', value: 'moto / Honda / CG' },
    { kind: 'status received', subject: 'delivery', value: 'published' },
    { kind: 'delivery', subject: 'token header', value: '"x-notification-token"' },
    { kind: 'error', subject: 'listing GET ACCESS_DENIED', value: 'HTTP 401; took a new token' },
  ];
  const verdicts = checkContract(facts, TONIGHT);
  for (const verdict of verdicts) {
    expect(verdict.standing, verdict.line).toBe('unverified');
    expect(verdict.needs, verdict.line).toMatch(/\S/);
  }
  expect(exitStatusOf(verdicts, false)).toBe(3);
  expect(exitStatusOf(verdicts, true)).toBe(0);
});

const deepCatalog = (levels: number): string =>
  `{"format":"classifieds-observed-profile/1","target":"m","observedAt":"x","run":{},"areas":{},"catalog":{"car":${'{"id":1,"children":{"a":'.repeat(levels)}{"id":1}${'}}'.repeat(levels)}}}`;
const withAreas = (areas: unknown, catalog: unknown = null): string =>
  JSON.stringify({ ...TONIGHT, areas, catalog });

const BAD_PROFILES: ReadonlyArray<readonly [string, () => string, string]> = [
  ['a catalog 50,000 levels deep', () => deepCatalog(50_000), 'at /catalog/car/children/a/'],
  [
    'a null entry',
    () => withAreas({}, { car: { id: 'car_info', children: { Fiat: null } } }),
    'at /catalog/car/children/Fiat: null',
  ],
  ['a null area', () => withAreas({ listing: null }), 'at /areas/listing: null'],
  ['an id of the wrong type', () => withAreas({}, { car: { id: [1] } }), 'at /catalog/car/id:'],
  [
    'an escape in a value',
    () => withAreas({ listing: { success: 'HTTP 200\u001b[2J' } }),
    'at /areas/listing/success: a string holds a control character',
  ],
  [
    'a string too long',
    () => withAreas({ listing: { success: 'x'.repeat(5000) } }),
    'at /areas/listing/success: a string is 5000 characters',
  ],
  [
    'a value too deep',
    () => withAreas({ listing: { success: JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`) as unknown } }),
    'at /areas/listing/success/0/',
  ],
  ['not JSON', () => '{"format": "classifieds-', 'is not readable JSON'],
];

const BAD_CONTRACTS: ReadonlyArray<readonly [string, string, string]> = [
  [
    'the line the derivation never writes',
    'delivery | token header | Authorization: Bearer',
    'line 2 is not a fact: the value of a delivery fact is a JSON value',
  ],
  ['an unknown kind', 'guess | x | y', 'line 2 is not "kind | subject | value" of a known kind'],
  ['an escape', 'endpoint | listing GET\u001b]0;owned\u0007 | HTTP 200', 'line 2 holds a control character'],
  [
    'a line too long',
    `parameter | listing ads_status | ${'x'.repeat(5000)}`,
    'line 2 is over 4096 characters',
  ],
  [
    'a value of the wrong form',
    'error | listing GET RATE_LIMIT | retried',
    'line 2 is not a fact: the value of an error fact is "HTTP <status>; <reaction>"',
  ],
  [
    'a delivery value too deep',
    `delivery | body field paths | ${'['.repeat(40)}1${']'.repeat(40)}`,
    'line 2 is not a fact: the value of a delivery fact at /0/',
  ],
];

test.describe('hostile inputs: exit 2, one line naming the file and the place', () => {
  for (const [label, text, place] of BAD_PROFILES)
    test(`a profile with ${label}`, async () => {
      const contract = written('c.txt', contractText('cl_1', [HOLDING]));
      const profile = written('tonight.json', text());
      const run = await check(contract, profile);
      expect(run.code, run.out).toBe(2);
      expect(run.out.trimEnd().split('\n'), run.out).toHaveLength(1);
      expect(run.out).toContain(`reliance: ${profile}`);
      expect(run.out).toContain(place);
    });

  for (const [label, line, place] of BAD_CONTRACTS)
    test(`a contract with ${label}`, async () => {
      const contract = written('c.txt', `# classifieds-reliance/1\n${line}\n`);
      const run = await check(contract, written('tonight.json', JSON.stringify(TONIGHT)));
      expect(run.code, run.out).toBe(2);
      expect(run.out.trimEnd().split('\n'), run.out).toHaveLength(1);
      expect(run.out).toContain(`reliance: ${contract}: ${place}`);
      expect(run.out).not.toContain('\u001b');
    });

  test('sandbox --like an observation 50,000 levels deep, or with a null entry: exit 2, one line, no start', async () => {
    for (const [text, place] of [
      [deepCatalog(50_000), 'at /catalog/car/children/a/'],
      [withAreas({ listing: null }), 'at /areas/listing: null'],
    ] as const) {
      const profile = written('observed.json', text);
      const run = await cliCommand('sandbox', ['--like', profile]);
      expect(run.code, run.stdout).toBe(2);
      expect(run.stdout.trimEnd().split('\n'), run.stdout).toHaveLength(1);
      expect(run.stdout).toContain(`sandbox: --like: ${profile} is not a profile: ${place}`);
    }
  });
});
