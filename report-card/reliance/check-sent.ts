import type { Profile } from '../../helpers/profile/profile.js';
import type { RelianceFact } from './contract.js';
import { HOLDS, unseen, valuesOf, type Judgement } from './judgement.js';

/**
 * The judgements of what a client sent and kept, against the observers of helpers/profile/
 * reliance-observer.ts: the fetch_size values the listing takes, the ways each endpoint takes
 * credentials, and the page tokens' forms and lengths.
 */

/**
 * A fetch_size the client sent and got a page for: holds while tonight's listing took it, or took
 * values on both sides of it with none refused between; broken when it refused it.
 */
export function judgeFetchSize(value: string, profile: Profile): Judgement {
  const listing = profile.areas.listing ?? {};
  const accepted = valuesOf(listing['fetch_size accepted']).map(String);
  const refused = valuesOf(listing['fetch_size refused']).map(String);
  const needs = `a listing request with fetch_size=${value}`;
  if (accepted.includes(value)) return HOLDS;
  if (refused.includes(value))
    return {
      standing: 'broken',
      now: `refuses fetch_size=${value}`,
      todo: 'send a fetch_size the marketplace takes (1 to 200, 4.4), or none',
    };
  const asNumber = (text: string): number => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);
  const wanted = asNumber(value);
  const taken = accepted.map(asNumber).filter((n) => !Number.isNaN(n));
  const between = (n: number, low: number, high: number): boolean => n >= low && n <= high;
  const low = Math.max(...taken.filter((n) => n <= wanted));
  const high = Math.min(...taken.filter((n) => n >= wanted));
  const gap = refused.map(asNumber).some((n) => between(n, low, high));
  if (!Number.isNaN(wanted) && Number.isFinite(low) && Number.isFinite(high) && !gap) return HOLDS;
  return unseen(`the observation sent no fetch_size=${value} nor values around it`, needs);
}

/** How credentials were sent, accepted: tonight's observation of that endpoint taking them so. */
export function judgeCredentials(fact: RelianceFact, profile: Profile): Judgement {
  const seen = profile.areas.credentials?.[`${fact.subject} with ${fact.value}`];
  const needs = `a ${fact.subject} request with ${fact.value}, answered`;
  if (seen === undefined) return unseen(`the observation sent no ${fact.subject} with ${fact.value}`, needs);
  if (valuesOf(seen).every((value) => value === 'accepted')) return HOLDS;
  return {
    standing: 'broken',
    now: `answers ${fact.subject} with ${fact.value} ${JSON.stringify(seen)}`,
    todo: 'send the credentials where the specification puts them (5, 4.x)',
  };
}

/**
 * A page token the client stored and sent back: its forms (alphabet, order of length) and the
 * longest it kept. Holds while tonight's tokens are of those forms and no longer.
 */
/** An `other (...)` form's characters beyond letters and digits, and its length bound. */
function otherForm(form: string): { characters: string[]; bound: string } | undefined {
  const match = /^other \((.*)\), (.*)$/.exec(form);
  return match === null ? undefined : { characters: Array.from(match[1] ?? ''), bound: match[2] ?? '' };
}

/**
 * Whether tonight's `form` is one the client kept: the same form, or, for tokens of no named
 * alphabet, characters among those of the `other` forms it kept within the same bound. One
 * server's tokens name different subsets of one alphabet night after night (`other (-.)`, then
 * `other (-._)`), which a client that kept them all already holds.
 */
function withinForms(form: string, relied: readonly string[]): boolean {
  if (relied.includes(form)) return true;
  const tonight = otherForm(form);
  if (tonight === undefined) return false;
  const kept = relied.flatMap((one) => {
    const other = otherForm(one);
    return other === undefined || other.bound !== tonight.bound ? [] : other.characters;
  });
  return tonight.characters.every((character) => kept.includes(character));
}

export function judgePageToken(fact: RelianceFact, profile: Profile): Judgement {
  const listing = profile.areas.listing ?? {};
  if (fact.subject === 'listing page token form') {
    const tonight = valuesOf(listing['page token form']).map(String);
    if (tonight.length === 0)
      return unseen('the observation met no page token', 'a listing page with a next_token');
    const relied = fact.value.split('; ');
    const other = tonight.filter((form) => !withinForms(form, relied));
    if (other.length === 0) return HOLDS;
    return {
      standing: 'broken',
      now: `sends page tokens ${other.join('; ')}`,
      todo: 'keep page tokens as opaque text of any alphabet and length (4.4 shows no form)',
    };
  }
  const longest = /^up to (\d+) characters$/.exec(fact.value)?.[1];
  const lengths = valuesOf(listing['page token length']).filter((n): n is number => typeof n === 'number');
  if (longest === undefined || lengths.length === 0)
    return unseen('the observation measured no page token', 'a listing page with a next_token');
  const tonight = Math.max(...lengths);
  if (tonight <= Number(longest)) return HOLDS;
  return {
    standing: 'broken',
    now: `sends page tokens of up to ${tonight} characters`,
    todo: 'keep page tokens of any length (4.4 shows none)',
  };
}
