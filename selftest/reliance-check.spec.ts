import { expect, test } from '@playwright/test';
import type { Profile } from '../helpers/profile/profile.js';
import { checkContract, verdictText } from '../report-card/reliance/check.js';
import { contractText, parseContract, type RelianceFact } from '../report-card/reliance/contract.js';

/**
 * The verdict's reasoning on small profiles: since which night a fact has been broken the same way,
 * what "unverified" means, and contracts that cannot be read.
 */
function night(observedAt: string, onix: number, rateLimit = 429, catalog = true): Profile {
  return {
    format: 'classifieds-observed-profile/1',
    target: 'a marketplace',
    observedAt,
    run: {},
    catalog: catalog
      ? { car: { id: 'car_info', children: { Chevrolet: { id: 1, children: { Onix: { id: onix } } } } } }
      : null,
    areas: {
      listing: {
        success: 'HTTP 200',
        'error RATE_LIMIT': `HTTP ${rateLimit} {message:string,reason:"RATE_LIMIT"}`,
      },
    },
  };
}

const ONIX: RelianceFact = {
  kind: 'catalog id',
  subject: 'vehicle_model 1001',
  value: 'car / Chevrolet / Onix',
};
const RATE_LIMIT: RelianceFact = {
  kind: 'error',
  subject: 'listing GET RATE_LIMIT',
  value: 'HTTP 429; retried',
};
const LISTING: RelianceFact = { kind: 'endpoint', subject: 'listing GET', value: 'HTTP 200' };

test('a broken fact is broken since the first of the nights in a row it has been broken the same way', () => {
  const history = [
    night('2026-12-01T02:00:00Z', 1001),
    night('2026-12-02T02:00:00Z', 2001),
    night('2026-12-03T02:00:00Z', 2001),
  ];
  const [onix, rateLimit, listing] = checkContract(
    [ONIX, RATE_LIMIT, LISTING],
    night('2026-12-04T02:00:00Z', 2001),
    history,
  );
  expect(onix).toMatchObject({ standing: 'broken', now: 'has Onix as 2001', since: '2026-12-02T02:00:00Z' });
  expect(verdictText(onix ?? ({} as never))).toContain(
    'relies on vehicle_model 1001 = car / Chevrolet / Onix; the marketplace has Onix as 2001 since 2026-12-02: refresh your stored catalog ids from the lookups (spec 9.4)',
  );
  expect(rateLimit?.standing).toBe('holds');
  expect(listing?.standing).toBe('holds');
  // Broken another way the night before: the run of nights starts tonight.
  const [changed] = checkContract([ONIX], night('2026-12-04T02:00:00Z', 3001), history);
  expect(changed?.since).toBe('2026-12-04T02:00:00Z');
});

test('the status of an error the client handled, changed: broken with the reason; not seen: unverified', () => {
  const [moved] = checkContract([RATE_LIMIT], night('2026-12-04T02:00:00Z', 1001, 503));
  expect(moved).toMatchObject({
    standing: 'broken',
    now: 'answers RATE_LIMIT HTTP 503 {message:string,reason:"RATE_LIMIT"}',
  });
  const quiet: Profile = { ...night('2026-12-04T02:00:00Z', 1001, 429, false), areas: {} };
  const verdicts = checkContract([RATE_LIMIT, ONIX, LISTING], quiet);
  expect(verdicts.map((verdict) => verdict.standing)).toEqual(['unverified', 'unverified', 'unverified']);
});

test('a contract reads back as written; one that is not a contract names its first bad line', () => {
  const text = contractText('cl_1', [RATE_LIMIT, LISTING, ONIX, LISTING]);
  expect(text.split('\n')).toEqual([
    '# classifieds-reliance/1',
    '# client cl_1',
    'endpoint | listing GET | HTTP 200',
    'catalog id | vehicle_model 1001 | car / Chevrolet / Onix',
    'error | listing GET RATE_LIMIT | HTTP 429; retried',
    '',
  ]);
  expect(parseContract(text)).toEqual({ facts: [LISTING, ONIX, RATE_LIMIT] });
  expect(parseContract('endpoint | x | y\n')).toEqual({
    problem: 'its first line is not # classifieds-reliance/1',
  });
  expect(parseContract('# classifieds-reliance/1\nguess | x\n')).toEqual({
    problem: 'line 2 is not "kind | subject | value" of a known kind',
  });
});
