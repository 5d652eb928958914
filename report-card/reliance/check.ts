import type { Observed } from '../../helpers/profile/observe.js';
import { canonical, type Profile } from '../../helpers/profile/profile.js';
import { entryAt, entryById, placesOf } from './catalog-names.js';
import { factLine, type RelianceFact } from './contract.js';
import { judgeCredentials, judgeFetchSize, judgePageToken } from './check-sent.js';
import { HOLDS, unseen, valuesOf, type Judgement } from './judgement.js';

/**
 * The morning's verdict on a contract: each fact against tonight's observation of the marketplace.
 * Holds; broken (what the client relies on, what the marketplace does now, since which night, what
 * to do); or unverified (tonight's observation says nothing of it: never counted as holding, and
 * it says what the nightly would need to observe to tell).
 */

export type Standing = 'holds' | 'broken' | 'unverified';

export interface FactVerdict {
  fact: RelianceFact;
  line: string;
  standing: Standing;
  /** Broken: what the marketplace does now. Unverified: why. */
  now?: string;
  /** Unverified: what the nightly would need to observe to tell. */
  needs?: string;
  /** Broken: the first night of the run of nights it has been broken the same way. */
  since?: string;
  todo?: string;
}

/** Each endpoint's area in the profile and the method its keys take without a prefix. */
const AREAS: Readonly<Record<string, { area: string; usual: string }>> = {
  token: { area: 'token', usual: 'POST' },
  listing: { area: 'listing', usual: 'GET' },
  basic_user_info: { area: 'basic info', usual: 'POST' },
  catalog: { area: 'catalogs', usual: 'POST' },
};
const OPERATIONS: Readonly<Record<string, string>> = {
  POST: 'create',
  GET: 'read',
  PUT: 'update',
  DELETE: 'delete',
};

/** The profile's area and key of an operation's success or error (`error REASON`). */
function profilePlace(operation: string, outcome: string): { area: string; key: string } | undefined {
  const match = /^(\w+) ([A-Z]+)( \(by id\))?$/.exec(operation);
  if (match === null) return undefined;
  const [, endpoint = '', method = '', byId = ''] = match;
  if (endpoint === 'notification')
    return { area: 'notifications', key: `${OPERATIONS[method] ?? method}${byId} ${outcome}` };
  const known = AREAS[endpoint];
  if (known === undefined) return undefined;
  return { area: known.area, key: `${method === known.usual ? '' : `${method} `}${outcome}` };
}

const statusOf = (value: Observed | undefined): string | undefined =>
  typeof value === 'string' ? /^HTTP \d{3}/.exec(value)?.[0] : undefined;

function judgeEndpoint(fact: RelianceFact, profile: Profile): Judgement {
  const place = profilePlace(fact.subject, 'success');
  const seen = place === undefined ? undefined : profile.areas[place.area]?.[place.key];
  if (seen === undefined)
    return unseen('the observation made no such request', `a successful ${fact.subject} request`);
  const status = statusOf(seen);
  if (status === fact.value) return HOLDS;
  return {
    standing: 'broken',
    now: `answers it ${status ?? JSON.stringify(seen)}`,
    todo: 'take any 2xx status as success (the specification shows none for it)',
  };
}

function judgeError(fact: RelianceFact, profile: Profile): Judgement {
  const [operation, reason] = [fact.subject.replace(/ \S+$/, ''), fact.subject.split(' ').pop() ?? ''];
  const place = profilePlace(operation, `error ${reason}`);
  const seen = place === undefined ? undefined : profile.areas[place.area]?.[place.key];
  if (seen === undefined)
    return unseen(`the observation met no ${reason}`, `an answer ${reason} to ${operation}`);
  const relied = fact.value.split(';')[0] ?? '';
  const status = statusOf(seen);
  const named = typeof seen === 'string' && seen.includes(`"${reason}"`);
  if (status === relied && named) return HOLDS;
  return {
    standing: 'broken',
    now: `answers ${reason} ${typeof seen === 'string' ? seen : JSON.stringify(seen)}`,
    todo: named
      ? `handle ${reason} by its reason, whatever the status (7.2, 7.3), as you did at ${relied}`
      : `the answer no longer names ${reason}: handle the new answer as you handled it`,
  };
}

/**
 * A catalog id relied on for a name: holds while the entry of that path has that id, or while the
 * id still stands for that name at the same depth (an ancestor renamed leaves it as it was).
 */
function judgeCatalogId(fact: RelianceFact, profile: Profile): Judgement {
  if (fact.value.includes(' / #')) return judgeWalkedId(fact, profile);
  const [field = '', id = ''] = fact.subject.split(' ');
  if (fact.value.startsWith('('))
    return unseen(
      'the id was not in the catalog it was named from',
      'nothing: derive the contract again from a journal whose double served the id',
    );
  const names = fact.value.split(' / ');
  const name = names[names.length - 1] ?? '';
  const entry = entryAt(profile.catalog, fact.value);
  const todo = 'refresh your stored catalog ids from the lookups (spec 9.4)';
  if (entry.kind === 'found')
    return String(entry.node.id) === id
      ? HOLDS
      : { standing: 'broken', now: `has ${name} as ${String(entry.node.id)}`, todo };
  const places = profile.catalog === null ? [] : placesOf(profile.catalog, id);
  const samePlace = places.filter(
    (place) =>
      (place.field === field || !place.field.startsWith('vehicle_')) &&
      place.path.split(' / ')[0] === names[0] &&
      place.path.split(' / ').length === names.length,
  );
  if (samePlace.some((place) => place.path.endsWith(` / ${name}`))) return HOLDS;
  if (entry.kind === 'unknown')
    return unseen(entry.why, `the catalog snapshot to reach ${names.slice(0, -1).join(' / ')}`);
  const renamed = samePlace[0]?.path.split(' / ').pop();
  return {
    standing: 'broken',
    now:
      renamed === undefined
        ? `has no ${name} in its catalog (${field} ${id} is gone)`
        : `names ${field} ${id} ${JSON.stringify(renamed)}, not ${JSON.stringify(name)}`,
    todo,
  };
}

/**
 * An id the client walked to by the lookups (`car / #7001 / #7101`): holds while tonight's
 * catalog has each id of the path where the client found it; broken when a lookup tonight answered
 * without it (renumbered or gone).
 */
function judgeWalkedId(fact: RelianceFact, profile: Profile): Judgement {
  const entry = entryById(profile.catalog, fact.value);
  const segments = fact.value.split(' / ');
  if (entry.kind === 'found') return HOLDS;
  if (entry.kind === 'unknown')
    return unseen(entry.why, `the catalog snapshot to reach ${segments.slice(0, -1).join(' / ')}`);
  return {
    standing: 'broken',
    now: `has no entry of id ${fact.subject.split(' ').pop() ?? ''} at ${fact.value} (renumbered or gone)`,
    todo: 'refresh your stored catalog ids from the lookups (spec 9.4)',
  };
}

function judgeDelivery(fact: RelianceFact, profile: Profile): Judgement {
  const seen = profile.areas.deliveries?.[fact.subject];
  if (seen === undefined)
    return unseen(
      'the observation checked no delivery',
      'a delivery to the suite’s receiver (WEBHOOK_PUBLIC_URL)',
    );
  // parseContract held the value to JSON.
  const relied = JSON.parse(fact.value) as Observed;
  const values = (value: Observed): string[] =>
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Array.isArray(value['several values'])
      ? value['several values'].map(canonical)
      : [canonical(value)];
  const accepted = new Set(values(relied));
  if (values(seen).every((value) => accepted.has(value))) return HOLDS;
  return {
    standing: 'broken',
    now: `sends ${fact.subject} ${JSON.stringify(seen)}`,
    todo: `have your receiver accept it (section 6 leaves the ${fact.subject} open)`,
  };
}

/** A status the client's receiver took: holds while tonight's ads or deliveries still show it. */
function judgeStatusValue(value: string, profile: Profile): Judgement {
  const values = [
    ...valuesOf(profile.areas.listing?.['status values among the ads']),
    ...valuesOf(profile.areas.deliveries?.['statuses sent']),
  ];
  return values.includes(value)
    ? HOLDS
    : unseen(
        `no ad of status ${value} among the observed ads`,
        `a delivery, or an account's ad (account mode), of status ${value}`,
      );
}

function judgeParameter(fact: RelianceFact, profile: Profile): Judgement {
  if (fact.subject === 'listing ads_status') return judgeStatusValue(fact.value, profile);
  if (fact.subject === 'listing fetch_size') return judgeFetchSize(fact.value, profile);
  if (fact.subject !== 'listing default page size')
    return unseen(
      `the observation does not record ${fact.subject}`,
      `${fact.subject} (no observation records it: helpers/profile/)`,
    );
  const seen = profile.areas.listing?.['default page size'];
  if (seen === undefined)
    return unseen(
      'the observation met no full page without fetch_size',
      'a listing request without fetch_size answered a full page',
    );
  if (JSON.stringify(seen) === fact.value) return HOLDS;
  return {
    standing: 'broken',
    now: `pages ${JSON.stringify(seen)} ads without fetch_size`,
    todo: 'send fetch_size, or follow next_token whatever the page’s size (4.4)',
  };
}

/** One fact against one night's profile. */
export function judge(fact: RelianceFact, profile: Profile): Judgement {
  switch (fact.kind) {
    case 'endpoint':
      return judgeEndpoint(fact, profile);
    case 'error':
      return judgeError(fact, profile);
    case 'catalog id':
      return judgeCatalogId(fact, profile);
    case 'delivery':
      return judgeDelivery(fact, profile);
    case 'status received':
      return judgeStatusValue(fact.value, profile);
    case 'parameter':
      return judgeParameter(fact, profile);
    case 'page token':
      return judgePageToken(fact, profile);
    case 'credentials':
      return judgeCredentials(fact, profile);
  }
}

/**
 * Every fact against tonight's profile; a broken one's `since` from the earlier nights (any
 * order): the first of the nights up to tonight it has been broken the same way in a row.
 */
export function checkContract(
  facts: readonly RelianceFact[],
  tonight: Profile,
  earlier: readonly Profile[] = [],
): FactVerdict[] {
  const nights = [...earlier]
    .filter((night) => night.observedAt < tonight.observedAt)
    .sort((a, b) => (a.observedAt < b.observedAt ? 1 : -1));
  return facts.map((fact) => {
    const verdict = judge(fact, tonight);
    const line = factLine(fact);
    if (verdict.standing === 'holds') return { fact, line, standing: 'holds' };
    if (verdict.standing === 'unverified')
      return { fact, line, standing: 'unverified', now: verdict.now, needs: verdict.needs };
    let since = tonight.observedAt;
    for (const night of nights) {
      const then = judge(fact, night);
      if (then.standing !== 'broken' || then.now !== verdict.now) break;
      since = night.observedAt;
    }
    return { fact, line, standing: 'broken', now: verdict.now, since, todo: verdict.todo };
  });
}

/** Why a fact is unverified and what would verify it, in words. */
export function unverifiedText(verdict: FactVerdict): string {
  return `${verdict.now ?? ''}; the nightly would need to observe ${verdict.needs ?? ''}`;
}

/** A verdict as one line of the command's output (a broken one, two). */
export function verdictText(verdict: FactVerdict): string {
  if (verdict.standing === 'holds') return `holds         ${verdict.line}`;
  if (verdict.standing === 'unverified') return `UNVERIFIED    ${verdict.line} (${unverifiedText(verdict)})`;
  return `BROKEN        ${verdict.line}\n              relies on ${verdict.fact.subject} = ${verdict.fact.value}; the marketplace ${verdict.now ?? ''} since ${(verdict.since ?? '').slice(0, 10)}: ${verdict.todo ?? ''}`;
}

/** The counts line. */
export function countsLine(verdicts: readonly FactVerdict[]): string {
  const count = (standing: Standing): number =>
    verdicts.filter((verdict) => verdict.standing === standing).length;
  return `reliance: ${verdicts.length} facts: ${count('holds')} hold, ${count('broken')} broken, ${count('unverified')} unverified tonight`;
}

/**
 * The command's exit status of a verdict: 1 a fact broken (whatever else), 3 facts unverified
 * (unless accepted), else 0. 2 is kept for a bad command line or a file that cannot be read.
 */
export const EXIT = { holds: 0, broken: 1, unreadable: 2, unverified: 3 } as const;

export function exitStatusOf(verdicts: readonly FactVerdict[], acceptUnverified: boolean): number {
  if (verdicts.some((verdict) => verdict.standing === 'broken')) return EXIT.broken;
  if (!acceptUnverified && verdicts.some((verdict) => verdict.standing === 'unverified'))
    return EXIT.unverified;
  return EXIT.holds;
}
