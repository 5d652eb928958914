import type { CatalogSnapshot } from '../../helpers/profile/catalog-tree.js';
import type { Observed } from '../../helpers/profile/observe.js';
import type { DeliveryRecord, JournalRecord, RequestRecord } from '../../spec/journal.js';
import { NOTIFICATION_PATH } from '../../spec/paths.js';
import { placesOf, type NamedId } from './catalog-names.js';
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

export interface DeriveInputs {
  /** The catalog the ids are named from (the double's the client ran against). */
  catalog: CatalogSnapshot | null;
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
    .filter((record) => CLIENT_ENDPOINTS.has(record.endpoint) && isSuccess(record.status))
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
 * An import's ids with the places they stood for. An id found at several places (a car brand and a
 * motorcycle brand may share an id) keeps those on the chain of the import's other ids.
 */
function importPlaces(ids: readonly string[], catalog: CatalogSnapshot): Array<[string, NamedId[]]> {
  const placed = ids.map((id): [string, NamedId[]] => [id, placesOf(catalog, id)]);
  const sure = placed.flatMap(([, places]) => (places.length === 1 ? places.map((place) => place.path) : []));
  const related = (path: string): boolean =>
    sure.some(
      (other) => other !== path && (other.startsWith(`${path} / `) || path.startsWith(`${other} / `)),
    );
  return placed.map(([id, places]) => {
    const onChain = places.filter((place) => related(place.path));
    return [id, places.length > 1 && onChain.length > 0 ? onChain : places];
  });
}

function catalogFacts(requests: readonly RequestRecord[], catalog: CatalogSnapshot | null): RelianceFact[] {
  const imports = requests.filter((record) => record.endpoint === 'import' && isSuccess(record.status));
  return imports.flatMap((record) => {
    const ids = [...new Set(String(record.params?.catalog_ids ?? '').split(','))].filter((id) =>
      /^\d{1,12}$/.test(id),
    );
    return (
      catalog === null ? ids.map((id): [string, NamedId[]] => [id, []]) : importPlaces(ids, catalog)
    ).flatMap(([id, places]): RelianceFact[] =>
      places.length === 0
        ? [
            {
              kind: 'catalog id',
              subject: `catalog id ${id}`,
              value: '(not in the catalog it was named from)',
            },
          ]
        : places.map((place) => ({ kind: 'catalog id', subject: `${place.field} ${id}`, value: place.path })),
    );
  });
}

function deliveryFacts(records: readonly JournalRecord[], inputs: DeriveInputs): RelianceFact[] {
  const accepted = records.filter(
    (record): record is DeliveryRecord =>
      record.kind === 'delivery' && record.outcome === 'delivered' && isSuccess(record.http_status ?? 0),
  );
  if (accepted.length === 0) return [];
  const statuses = accepted.map((record): RelianceFact => ({
    kind: 'status received',
    subject: 'delivery',
    value: record.status_sent.slice(0, 64),
  }));
  const format = Object.entries(inputs.deliveryFormat).map(([key, value]): RelianceFact => ({
    kind: 'delivery',
    subject: key,
    value: JSON.stringify(value),
  }));
  return [...statuses, ...format];
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
    ...catalogFacts(requests, inputs.catalog),
    ...deliveryFacts(records, inputs),
    ...errorFacts(requests),
  ];
}
