/**
 * What the profile keeps of an answer: its form, never its per-run values. Strings become their
 * type, except under the names whose values are the API's vocabulary (an error code, a status),
 * which are the same on every run and are what integrators match on.
 */
const VOCABULARY = new Set([
  'reason',
  'error',
  'status',
  'type',
  'topic',
  'token_type',
  'method',
  'media_type',
  'operation',
]);

/** The shape of a JSON value: object keys sorted, leaves as types, vocabulary values kept. */
export function jsonForm(value: unknown, name = ''): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const items = [...new Set(value.map((item) => jsonForm(item, name)))].sort();
    return `[${items.join('|')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${key}:${jsonForm(item, key)}`).join(',')}}`;
  }
  if (typeof value === 'string') return VOCABULARY.has(name) ? JSON.stringify(value) : 'string';
  return typeof value;
}

/** The form of a response body: its JSON shape, else what kind of text it is. */
export function bodyForm(body: string, contentType: string | undefined): string {
  if (body.trim() === '') return 'empty';
  try {
    return jsonForm(JSON.parse(body) as unknown);
  } catch {
    const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    return `not JSON (${media === '' ? 'no content type' : media})`;
  }
}

/** Each field of an object beyond the named ones, as `name:type`, sorted. */
export function extraFields(value: unknown, named: readonly string[]): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !named.includes(key))
    .map(([key, item]) => `${key}:${jsonForm(item, key)}`)
    .sort();
}

/** A page token's form (spec/observed-forms.ts: the journal names the tokens it served alike). */
export { tokenForm } from '../../spec/observed-forms.js';

/** A field whose name says it holds an identifier (`id`, `list_id`, `adId`): never read as a time. */
function namesAnId(path: string): boolean {
  const name = path.split('.').pop()?.replace(/\[\]$/, '') ?? '';
  return /^id$|_id$|[a-z]Id$|ID$/.test(name);
}

/** The earliest instant an epoch value is taken for: earlier digits are a number, not a time. */
const EARLIEST_EPOCH_MS = Date.UTC(2000, 0, 1);
/** How far ahead of the moment read an epoch value may be and still be taken for a time. */
const AHEAD_MS = 24 * 3600_000;

/**
 * The form of a date-time value (6: formats not shown) at `path` in a body, read at `nowMs`. Digits
 * alone are a time only where they could be one: not under an identifier's name (a numeric-looking
 * `list_id` is an id), and between 2000 and a day ahead of `nowMs` (a ten-digit id past that is a
 * number). A false "epoch seconds" would be copied into profiles and reliance contracts as a fact.
 */
export function timeForm(value: unknown, path = '', nowMs = Date.now()): string | undefined {
  if (namesAnId(path)) return undefined;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}(\.\d+)?$/.test(value))) {
    const n = Number(value);
    const unit = n >= 1e12 ? 'milliseconds' : 'seconds';
    const ms = unit === 'milliseconds' ? n : n * 1000;
    if (!(ms >= EARLIEST_EPOCH_MS && ms <= nowMs + AHEAD_MS)) return undefined;
    return `epoch ${unit} as a ${typeof value}`;
  }
  if (typeof value !== 'string') return undefined;
  const match = /^\d{4}-\d{2}-\d{2}([T ])\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?$/i.exec(
    value,
  );
  if (match === null) return undefined;
  const fraction = match[3] === undefined ? '' : `, ${match[3].length - 1} fraction digits`;
  const zone = match[4] === undefined ? 'no offset' : match[4].toUpperCase() === 'Z' ? 'Z' : 'an offset';
  return `ISO 8601 with "${match[1] ?? ''}"${match[2] === undefined ? ', no seconds' : ''}${fraction}, ${zone}`;
}

/** Every leaf's path in a JSON body (array items as `[]`), with its type, sorted. */
export function fieldPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [...new Set(value.flatMap((item) => fieldPaths(item, `${prefix}[]`)))].sort();
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .flatMap(([key, item]) => fieldPaths(item, prefix === '' ? key : `${prefix}.${key}`))
      .sort();
  return [`${prefix}:${value === null ? 'null' : typeof value}`];
}

/** The numbers of a RATE_LIMIT message ("You have exceeded the X requests in X seconds limit!"). */
export function rateLimitNumbers(message: unknown): string {
  const numbers = String(message).match(/\d[\d.,]*/g) ?? [];
  return numbers.length === 0 ? 'no numbers' : numbers.join(' / ');
}
