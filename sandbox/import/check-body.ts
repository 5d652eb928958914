import { ImportHttpError, ImportRefusal } from './errors.js';
import { IMPORT_CAPS } from './store.js';
import { adsOf, bodyOf, type ImportCheck, type ParsedAd } from './request.js';

/**
 * Field notes, the import: `{access_token, ad_list: [...]}`; an ad to insert or edit is `{id,
 * operation: "insert", category, subject, body, phone, type: "s"|"u", price?, zipcode, params?,
 * images?, videos?}`, to delete `{id, operation: "delete"}`; -3 when there is no ad; malformed
 * bodies (`"phone": 0`, `"type": "null"`) answered HTTP 400. Which field is "malformed" and which a
 * problem of the ad (-4) is the sandbox's choice: a wrong JSON type or value is 400, naming the
 * field; a bad id, a missing region or an outdated catalog id is -4 (check-content.ts).
 */

const bad = (message: string): ImportHttpError => new ImportHttpError(400, 'BAD_REQUEST', message);

/** `ad_list` is an array of at most IMPORT_CAPS.itemsPerImport ads. */
export const adListGiven: ImportCheck = (context) => {
  const list = bodyOf(context).ad_list;
  if (!Array.isArray(list)) throw bad('"ad_list" must be an array of ads.');
  if (list.length > IMPORT_CAPS.itemsPerImport)
    throw bad(`"ad_list" holds at most ${IMPORT_CAPS.itemsPerImport} ads in the sandbox.`);
};

/** -3: an empty `ad_list`. */
export const hasAds: ImportCheck = (context) => {
  if ((bodyOf(context).ad_list as unknown[]).length === 0) throw new ImportRefusal('noAd');
};

type Field = [name: string, valid: (value: unknown) => boolean, what: string];

const text = (max: number) => (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max;
const digits = (value: unknown): boolean =>
  (typeof value === 'string' && /^\d{1,10}$/.test(value)) ||
  (Number.isSafeInteger(value) && (value as number) >= 0);

/** An insert's fields: required ones, then optional ones when present. */
const REQUIRED: readonly Field[] = [
  ['category', digits, 'a category id (digits)'],
  ['subject', text(200), 'a non-empty string of at most 200 characters'],
  ['body', text(10_000), 'a non-empty string of at most 10000 characters'],
  [
    'phone',
    (value) => typeof value === 'string' && /^\+?[\d ()-]{8,20}$/.test(value),
    'a phone number as a string',
  ],
  ['type', (value) => value === 's' || value === 'u', '"s" or "u"'],
];
const OPTIONAL: readonly Field[] = [
  ['price', (value) => Number.isSafeInteger(value) && (value as number) >= 0, 'a non-negative integer'],
  ['zipcode', (value) => typeof value === 'string' && value.length <= 16, 'a string'],
  ['params', isParams, 'an object of strings, numbers or arrays of them'],
  ['images', (value) => Array.isArray(value) && value.length <= 20, 'an array of at most 20 images'],
  ['videos', (value) => Array.isArray(value) && value.length <= 5, 'an array of at most 5 videos'],
];

function isParams(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const scalar = (one: unknown): boolean =>
    (typeof one === 'string' && one.length <= 256) || typeof one === 'number';
  const entries = Object.values(value);
  return (
    entries.length <= 50 &&
    entries.every((one) => scalar(one) || (Array.isArray(one) && one.length <= 50 && one.every(scalar)))
  );
}

function parseAd(raw: unknown, index: number): ParsedAd {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw bad(`ad_list[${index}] must be an object.`);
  const ad = raw as Record<string, unknown>;
  if (ad.operation === 'delete') return { index, id: ad.id, operation: 'delete' };
  if (ad.operation !== 'insert') throw bad(`ad_list[${index}].operation must be "insert" or "delete".`);
  for (const [name, valid, what] of REQUIRED)
    if (!valid(ad[name])) throw bad(`ad_list[${index}].${name} must be ${what}.`);
  for (const [name, valid, what] of OPTIONAL)
    if (ad[name] !== undefined && !valid(ad[name])) throw bad(`ad_list[${index}].${name} must be ${what}.`);
  const params = ad.params as Record<string, unknown> | undefined;
  const trigger = params?.sandbox_moderation;
  return {
    index,
    id: ad.id,
    operation: 'insert',
    category: String(ad.category),
    ...(typeof ad.zipcode === 'string' ? { zipcode: ad.zipcode } : {}),
    ...(params === undefined ? {} : { params }),
    ...(typeof trigger === 'string' ? { trigger } : {}),
  };
}

/** 400 for the first malformed ad, naming its field; the parsed ads for the checks after. */
export const adsWellFormed: ImportCheck = (context) => {
  context.ads = (bodyOf(context).ad_list as unknown[]).map(parseAd);
};

/** One import names an id once (which of two operations would win is not documented): else 400. */
export const idsUnique: ImportCheck = (context) => {
  const seen = new Set<unknown>();
  for (const ad of adsOf(context)) {
    if (typeof ad.id === 'string' && seen.has(ad.id))
      throw bad(`ad_list[${ad.index}]: the id ${JSON.stringify(ad.id)} appears twice in the import.`);
    seen.add(ad.id);
  }
};

export const BODY_RULES = { adListGiven, hasAds, adsWellFormed, idsUnique };
