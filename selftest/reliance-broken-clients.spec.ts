import { expect, test } from '@playwright/test';
import type { Observed } from '../helpers/profile/observe.js';
import type { Profile } from '../helpers/profile/profile.js';
import { checkContract } from '../report-card/reliance/check.js';
import { contractText, factLine, sortedFacts } from '../report-card/reliance/contract.js';
import { relianceFacts } from '../report-card/reliance/derive.js';
import { referenceChoices } from '../sandbox/calibrate/calibrate.js';
import { MISTAKES, type Mistake } from './broken-clients/mistakes.js';
import { referenceJournal } from './broken-clients/reference-client.js';

/**
 * A contract for the reference client's journal and for each broken client's (the report card's
 * journals, selftest/broken-clients/): a drift of the listing's RATE_LIMIT status breaks exactly
 * the facts that handled RATE_LIMIT, beyond what the marketplace as it is already breaks; a drift
 * of the token's extra fields, which no contract relies on, breaks none.
 */
const areas = referenceChoices() as Record<string, Record<string, Observed>>;
const marketplace: Profile = {
  format: 'classifieds-observed-profile/1',
  target: 'a marketplace',
  observedAt: '2026-12-03T02:00:00.000Z',
  run: {},
  catalog: null,
  areas,
};
const drifted = (area: string, key: string, value: Observed): Profile => ({
  ...marketplace,
  observedAt: '2026-12-04T02:00:00.000Z',
  areas: { ...areas, [area]: { ...areas[area], [key]: value } },
});

function brokenLines(facts: ReturnType<typeof relianceFacts>, profile: Profile): string[] {
  return checkContract(sortedFacts(facts), profile)
    .filter((verdict) => verdict.standing === 'broken')
    .map((verdict) => verdict.line);
}

const journals: Array<[string, Mistake | undefined]> = [
  ['the reference client', undefined],
  ...Object.keys(MISTAKES).map((name): [string, Mistake] => [`broken client ${name}`, name as Mistake]),
];

for (const [name, mistake] of journals)
  test(`${name}: a contract; RATE_LIMIT's status drifting breaks exactly its RATE_LIMIT facts, the token's fields none`, () => {
    const { records } = referenceJournal(mistake);
    const facts = relianceFacts(records, { catalog: null, deliveryFormat: areas.deliveries ?? {} });
    const text = contractText('client-reference', facts);
    expect(facts.length).toBeGreaterThan(0);
    expect(text).not.toContain('fp:');
    const before = new Set(brokenLines(facts, marketplace));
    const newlyBroken = (profile: Profile): string[] =>
      brokenLines(facts, profile).filter((line) => !before.has(line));
    const handled = sortedFacts(facts)
      .filter((fact) => fact.kind === 'error' && fact.subject.endsWith(' RATE_LIMIT'))
      .map(factLine)
      .filter((line) => !before.has(line));
    // The reference client meets a rate-limit block: its contract holds a RATE_LIMIT fact.
    if (mistake === undefined)
      expect(handled).toEqual(['error | listing GET RATE_LIMIT | HTTP 429; retried']);
    expect(
      newlyBroken(drifted('listing', 'error RATE_LIMIT', 'HTTP 503 {message:string,reason:"RATE_LIMIT"}')),
    ).toEqual(handled);
    expect(
      newlyBroken(
        drifted('token', 'response fields beyond access_token and token_type', ['expires_in:number']),
      ),
    ).toEqual([]);
  });
