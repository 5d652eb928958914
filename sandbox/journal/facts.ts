import { tokenForm } from '../../spec/observed-forms.js';
import type { JournalEndpoint, JournalFacts } from '../../spec/journal.js';
import type { Params } from '../http/params.js';
import type { Fingerprinter } from './fingerprint.js';
import { bodyFields, field } from './identify.js';
import { maskedWebhookUrl } from '../notifications/url-credentials.js';

/**
 * What the journal keeps of a request and its answer. Redaction is by allowlist: a parameter
 * known to carry no secret is kept as sent (cut to 256 characters); every other value, known
 * secret or unknown name, is fingerprinted, so a client that sends its token under a name of its
 * own invention leaks nothing either.
 */

const PLAIN_PARAMETERS = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'grant_type',
  'fetch_size',
  'ads_status',
  'method',
  'media_type',
  'url',
  'error',
  'login',
]);

/**
 * The sizes every fact is cut to, whatever the client sent: a plain value 256 characters, a list
 * of ids 2,048, a reason 64, a parameter's name 64, at most 50 parameters; so a request record
 * stays under about 20 KiB however large its URL or body (and journal.ts bounds the line too).
 */
export const MAX_PLAIN = 256;
export const MAX_LIST = 2048;
const MAX_NAME = 64;
const MAX_PARAMETERS = 50;

/** A value cut to `max` characters, or null when absent. */
export function cut(value: string | null | undefined, max: number = MAX_PLAIN): string | null {
  return value === null || value === undefined ? null : value.slice(0, max);
}

function plainOrFp(name: string, value: string, fp: Fingerprinter): string {
  return PLAIN_PARAMETERS.has(name) ? value.slice(0, MAX_PLAIN) : fp.fp(value);
}

export function redactedQuery(query: Params, fp: Fingerprinter): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of query.names().slice(0, MAX_PARAMETERS))
    kept[name.slice(0, MAX_NAME)] = plainOrFp(name, query.get(name) ?? '', fp);
  return kept;
}

/** A path with any segment that could be a secret (an import token, an unknown long value) fingerprinted. */
export function redactedPath(path: string, endpoint: JournalEndpoint, fp: Fingerprinter): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      const secretPlace = endpoint === 'import_status' && index === segments.length - 1 && segment !== '';
      // A path no endpoint knows may carry anything: a long segment there is fingerprinted too.
      const longest = endpoint === 'other' ? 16 : 32;
      return secretPlace || segment.length > longest ? fp.fp(segment) : segment;
    })
    .join('/')
    .slice(0, 512);
}

function adIds(body: Record<string, unknown>): JournalFacts {
  const list = Array.isArray(body.ad_list) ? (body.ad_list as unknown[]).slice(0, 100) : [];
  const ads = list.filter((ad): ad is Record<string, unknown> => ad !== null && typeof ad === 'object');
  const catalogIds = ads.flatMap((ad) => {
    const params = ad.params as Record<string, unknown> | undefined;
    return ['vehicle_brand', 'vehicle_model', 'vehicle_version']
      .map((name) => params?.[name])
      .filter((id) => typeof id === 'string' || typeof id === 'number')
      .map(String);
  });
  // Every id-like parameter by its name (a cellphone's, a cubic capacity's: ids of the catalogs the
  // lookups serve, never a secret), with the ad's category: what the client relied on the catalog for.
  const catalogParams = ads.flatMap((ad) =>
    Object.entries((ad.params ?? {}) as Record<string, unknown>)
      .filter(
        ([, value]) => (typeof value === 'string' && /^\d{1,19}$/.test(value)) || Number.isSafeInteger(value),
      )
      .map(([name, value]) => `${String(ad.category).slice(0, 8)}:${name.slice(0, 32)}=${String(value)}`),
  );
  return {
    ad_count: Array.isArray(body.ad_list) ? body.ad_list.length : null,
    catalog_params: catalogParams.join(',').slice(0, MAX_LIST),
    ad_ids: ads
      .map((ad) => String(ad.id).slice(0, 19))
      .join(',')
      .slice(0, MAX_LIST),
    catalog_ids: catalogIds
      .map((id) => id.slice(0, 19))
      .join(',')
      .slice(0, MAX_LIST),
  };
}

/** Facts of the request per endpoint: the values a grader asks about. */
export function requestParams(
  endpoint: JournalEndpoint,
  query: Params,
  body: unknown,
  fp: Fingerprinter,
): JournalFacts | undefined {
  const fields = bodyFields(body);
  const read = (name: string): string | undefined => field(fields, name) ?? query.get(name);
  switch (endpoint) {
    case 'authorize':
      return {
        redirect_uri: cut(query.get('redirect_uri')),
        scope: cut(query.get('scope')),
        state_present: query.has('state'),
      };
    case 'token':
      return {
        grant_type: cut(read('grant_type')),
        code: fp.fpOrNull(read('code')),
        redirect_uri: cut(read('redirect_uri')),
      };
    case 'listing':
      return {
        fetch_size: cut(query.get('fetch_size')),
        ads_status: cut(query.get('ads_status')),
        page_token: fp.fpOrNull(query.get('page_token')),
      };
    case 'import':
      return typeof body === 'object' && body !== null ? adIds(body as Record<string, unknown>) : undefined;
    case 'notification':
      return {
        // Masked before it is cut: a cut could take the `@` that tells the userinfo.
        url: maskedWebhookUrl(read('url') ?? '', (value) => fp.fp(value)).slice(0, MAX_PLAIN) || null,
        notification_token: fp.fpOrNull(read('token')),
      };
    default:
      return undefined;
  }
}

/** The API's reason of an error body: `reason`, or 7.2's `error`. */
function reasonOf(answer: Record<string, unknown>): string | undefined {
  const reason = answer.reason ?? answer.error;
  return typeof reason === 'string' ? reason.slice(0, 64) : undefined;
}

/** A page's facts: how many items, the next token's fingerprint, its form and length (never it). */
function listingAnswerFacts(answer: Record<string, unknown>, fp: Fingerprinter): JournalFacts {
  const facts: JournalFacts = {};
  // `items`: the count listing-facts.ts read from a large page without parsing it.
  facts.items = Array.isArray(answer.data)
    ? answer.data.length
    : typeof answer.items === 'number'
      ? answer.items
      : null;
  facts.next_token = typeof answer.next_token === 'string' ? fp.fp(answer.next_token) : null;
  // The token's form and length, never the token: what a client that kept it relied on.
  if (typeof answer.next_token === 'string') {
    facts.next_token_form = tokenForm(answer.next_token);
    facts.next_token_length = answer.next_token.length;
  }
  return facts;
}

/** Facts of the answer: what a grader follows (page tokens, codes and tokens issued, counts). */
export function answerFacts(
  endpoint: JournalEndpoint,
  answer: Record<string, unknown> | null,
  location: string | undefined,
  fp: Fingerprinter,
): { reason?: string; answer?: JournalFacts } {
  if (location !== undefined) {
    const params = new URLSearchParams(location.split('?')[1] ?? '');
    const code = params.get('code');
    const error = params.get('error')?.slice(0, 64) ?? undefined;
    return {
      ...(error === undefined ? {} : { reason: error }),
      answer: { code: fp.fpOrNull(code), redirected: true },
    };
  }
  if (answer === null) return {};
  const reason = reasonOf(answer);
  const facts: JournalFacts = {};
  if (endpoint === 'listing') Object.assign(facts, listingAnswerFacts(answer, fp));
  if (endpoint === 'token' && typeof answer.access_token === 'string')
    facts.token = fp.fp(answer.access_token);
  if (endpoint === 'notification' && typeof answer.id === 'string')
    facts.configuration_id = answer.id.slice(0, 128);
  if (endpoint === 'import' && Array.isArray(answer.errors))
    facts.refused_ids = (answer.errors as Array<{ id?: unknown }>)
      .slice(0, 100)
      .map((error) => (typeof error.id === 'string' ? error.id.slice(0, 19) : ''))
      .join(',')
      .slice(0, MAX_LIST);
  if (endpoint === 'import' || endpoint === 'import_status') {
    if (typeof answer.statusCode === 'number') facts.statusCode = answer.statusCode;
    if (typeof answer.token === 'string') facts.import_token = fp.fp(answer.token);
    if (typeof answer.autoupload_status === 'string')
      facts.autoupload_status = answer.autoupload_status.slice(0, MAX_PLAIN);
  }
  return {
    ...(reason === undefined ? {} : { reason }),
    ...(Object.keys(facts).length === 0 ? {} : { answer: facts }),
  };
}
