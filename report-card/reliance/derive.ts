import type { CatalogSnapshot } from '../../helpers/profile/catalog-tree.js';
import type { Observed } from '../../helpers/profile/observe.js';
import type { DeliveryRecord, JournalRecord, RequestRecord } from '../../spec/journal.js';
import { NOTIFICATION_PATH } from '../../spec/paths.js';
import { catalogUseFacts } from './catalog-uses.js';
import type { RelianceFact } from './contract.js';

/**
 * What one client relied on, from its journal records: the endpoints and methods it used
 * successfully and how it sent its credentials, the listing parameters it used, the catalog ids of
 * its successful imports and the names they stood for, the statuses delivered to a receiver that
 * accepted them, the delivery format that receiver accepted (the double's, from its profile), and
 * each error it received with what it did next. A later request counts as a reaction only when
 * it left after the answer came back: one sent before could not have read it.
 */

/** The endpoints a client calls itself (the browser's pages are the user's). */
const CLIENT_ENDPOINTS = new Set([
  'token',
  'basic_user_info',
  'listing',
  'catalog',
  'notification',
  'import',
  'import_status',
]);
const REAUTHORIZING = new Set(['authorize', 'login', 'consent', 'token']);
/**
 * The endpoints of the specification, which the nightly observes: the ad import's own answers
 * (outside it, never exercised by the suite) could only ever be unverified, so its endpoint facts
 * stay out; the catalog ids its accepted imports carried are in (catalog-uses.ts).
 */
const OBSERVED_ENDPOINTS = new Set(['token', 'basic_user_info', 'listing', 'catalog', 'notification']);

export interface DeriveInputs {
  /** The catalog the ids are named from (the double's the client ran against, `--double`). */
  catalog: CatalogSnapshot | null;
  /** The names of ids the client's own lookups do not place (the reference sandbox's catalog). */
  fallbackCatalog?: CatalogSnapshot | null;
  /** The deliveries area of the double's profile: the format the receiver was sent. */
  deliveryFormat: Readonly<Record<string, Observed>>;
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** `listing GET`, `notification GET (by id)`: an endpoint and method as the facts name them. */
export function operationOf(record: RequestRecord): string {
  const byId = record.endpoint === 'notification' && record.path.replace(/\/$/, '') !== NOTIFICATION_PATH;
  return `${record.endpoint} ${record.method}${byId ? ' (by id)' : ''}`;
}

function requestsOf(records: readonly JournalRecord[]): RequestRecord[] {
  return records
    .filter((record): record is RequestRecord => record.kind === 'request')
    .sort((a, b) => a.seq - b.seq);
}

function credentialWays(record: RequestRecord): string {
  const { credentials } = record;
  const ways = [
    ...(credentials.bearer === undefined ? [] : ['Authorization Bearer']),
    ...(credentials.body_token === undefined ? [] : ['access_token in the body']),
    ...(credentials.basic === true ? ['HTTP Basic'] : []),
    ...(credentials.secret_in ?? []).map((place) => `client secret in the ${place}`),
  ];
  return ways.length === 0 ? 'none' : ways.sort().join(', ');
}

function endpointFacts(requests: readonly RequestRecord[]): RelianceFact[] {
  return requests
    .filter((record) => OBSERVED_ENDPOINTS.has(record.endpoint) && isSuccess(record.status))
    .flatMap((record): RelianceFact[] => [
      { kind: 'endpoint', subject: operationOf(record), value: `HTTP ${record.status}` },
      { kind: 'credentials', subject: operationOf(record), value: credentialWays(record) },
    ]);
}

function parameterFacts(requests: readonly RequestRecord[]): RelianceFact[] {
  const listings = requests.filter((record) => record.endpoint === 'listing' && isSuccess(record.status));
  return listings.flatMap((record): RelianceFact[] => {
    const facts: RelianceFact[] = [];
    for (const name of ['fetch_size', 'ads_status']) {
      const value = record.params?.[name];
      if (typeof value === 'string' && value !== '')
        facts.push({ kind: 'parameter', subject: `listing ${name}`, value: value.slice(0, 64) });
    }
    const items = record.answer?.items;
    const unsized = record.params?.fetch_size === null || record.params?.fetch_size === undefined;
    if (unsized && typeof record.answer?.next_token === 'string' && typeof items === 'number')
      facts.push({ kind: 'parameter', subject: 'listing default page size', value: String(items) });
    return facts;
  });
}

/**
 * What the client's receiver relied on: the statuses it accepted, and the delivery format of the
 * deliveries it answered, accepted or refused (a receiver that refuses relies on what the
 * marketplace sends as much as one that accepts): the header the token rode in as the journal
 * says it (`token_header`), and the other keys of the double's format when it accepted them.
 */
function deliveryFacts(records: readonly JournalRecord[], inputs: DeriveInputs): RelianceFact[] {
  const answered = records.filter(
    (record): record is DeliveryRecord =>
      record.kind === 'delivery' &&
      record.http_status !== undefined &&
      record.http_status < 500 &&
      (record.outcome === 'delivered' || record.outcome === 'refused'),
  );
  if (answered.length === 0) return [];
  const accepted = answered.filter(
    (record) => record.outcome === 'delivered' && isSuccess(record.http_status ?? 0),
  );
  const statuses = accepted.map((record): RelianceFact => ({
    kind: 'status received',
    subject: 'delivery',
    value: record.status_sent.slice(0, 64),
  }));
  const headers = [
    ...new Set(
      answered.flatMap((record) => (record.token_header === undefined ? [] : [record.token_header])),
    ),
  ];
  const carried: RelianceFact[] = headers.map((header) => ({
    kind: 'delivery',
    subject: 'token header',
    value: JSON.stringify(header),
  }));
  const format = Object.entries(inputs.deliveryFormat)
    .filter(([key]) => accepted.length > 0 && !(key === 'token header' && headers.length > 0))
    .map(([key, value]): RelianceFact => ({ kind: 'delivery', subject: key, value: JSON.stringify(value) }));
  return [...statuses, ...carried, ...format];
}

/**
 * The page tokens the client kept and sent back: a listing request whose page_token is an earlier
 * answer's next_token (fingerprints compared); their forms and the longest, as the journal says
 * them (`next_token_form`, `next_token_length`).
 */
function pageTokenFacts(requests: readonly RequestRecord[]): RelianceFact[] {
  const listings = requests.filter((record) => record.endpoint === 'listing');
  const issued = new Map<string, RequestRecord>();
  const kept: RequestRecord[] = [];
  for (const record of listings) {
    const sent = record.params?.page_token;
    const earlier = typeof sent === 'string' ? issued.get(sent) : undefined;
    if (earlier !== undefined) kept.push(earlier);
    const next = record.answer?.next_token;
    if (typeof next === 'string') issued.set(next, record);
  }
  const forms = [
    ...new Set(
      kept.flatMap((record) => {
        const form = record.answer?.next_token_form;
        return typeof form === 'string' ? [form] : [];
      }),
    ),
  ].sort();
  const lengths = kept.flatMap((record) => {
    const length = record.answer?.next_token_length;
    return typeof length === 'number' ? [length] : [];
  });
  return [
    ...(forms.length === 0
      ? []
      : [{ kind: 'page token' as const, subject: 'listing page token form', value: forms.join('; ') }]),
    ...(lengths.length === 0
      ? []
      : [
          {
            kind: 'page token' as const,
            subject: 'listing page token length',
            value: `up to ${Math.max(...lengths)} characters`,
          },
        ]),
  ];
}

/** What the client did after an error's answer came back: its next request's place. */
function reaction(error: RequestRecord, later: readonly RequestRecord[]): string {
  const answered = Date.parse(error.at) + error.duration_ms;
  const next = later.find((record) => record.seq > error.seq && Date.parse(record.at) >= answered);
  if (next === undefined) return 'stopped';
  if (next.endpoint === error.endpoint && next.method === error.method) return 'retried';
  if (next.endpoint === 'token') return 'took a new token';
  if (REAUTHORIZING.has(next.endpoint)) return 're-consented';
  return 'went on';
}

function errorFacts(requests: readonly RequestRecord[]): RelianceFact[] {
  const handled = new Map<string, { status: number; reactions: Set<string> }>();
  for (const record of requests) {
    if (!CLIENT_ENDPOINTS.has(record.endpoint) || record.status < 400 || record.reason === undefined)
      continue;
    const subject = `${operationOf(record)} ${record.reason}`;
    const seen = handled.get(`${subject}\u0000${record.status}`) ?? {
      status: record.status,
      reactions: new Set(),
    };
    seen.reactions.add(reaction(record, requests));
    handled.set(`${subject}\u0000${record.status}`, seen);
  }
  return [...handled.entries()].map(([key, seen]) => ({
    kind: 'error',
    subject: key.split('\u0000')[0] ?? '',
    value: `HTTP ${seen.status}; ${[...seen.reactions].sort().join(', ')}`,
  }));
}

/** Every fact one client's records show it relied on (unsorted; contract.ts orders them). */
export function relianceFacts(records: readonly JournalRecord[], inputs: DeriveInputs): RelianceFact[] {
  const requests = requestsOf(records);
  return [
    ...endpointFacts(requests),
    ...parameterFacts(requests),
    ...pageTokenFacts(requests),
    ...catalogUseFacts(requests, inputs.catalog, inputs.fallbackCatalog ?? null),
    ...deliveryFacts(records, inputs),
    ...errorFacts(requests),
  ];
}
