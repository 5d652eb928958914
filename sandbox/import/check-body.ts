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

/** The strict switches the body's shape obeys. */
interface StrictImport {
  phone: boolean;
  keySpelling: boolean;
}

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

const text = (min: number, max: number) => (value: unknown) =>
  typeof value === 'string' && value.trim().length >= min && value.length <= max;
const digits = (value: unknown): boolean =>
  (typeof value === 'string' && /^\d{1,10}$/.test(value)) ||
  (Number.isSafeInteger(value) && (value as number) >= 0);

/**
 * The import documentation's table: `Phone` an integer, "DDD + Telefone", 10 or 11 digits, "sem
 * caracteres especiais ou espaços"; its examples send numbers (`"phone": 2155555555`). Digits as a
 * string are taken too (the field notes' clients send them) unless `strict-phone` is on; a
 * formatted string ("(11) 98765-4321") is what the documentation forbids, refused always.
 */
const phoneValid = (value: unknown): boolean =>
  (Number.isSafeInteger(value) && /^\d{10,11}$/.test(String(value))) ||
  (typeof value === 'string' && /^\d{10,11}$/.test(value));
const PHONE_RULE =
  'DDD and number, 10 or 11 digits, without special characters or spaces (the documentation types it integer)';

/**
 * An insert's fields: required ones, then optional ones when present. Limits as the import
 * documentation's table gives them: `Subject` 2 to 90 characters, `Body` 2 to 6,000.
 */
const REQUIRED: readonly Field[] = [
  ['category', digits, 'a category id (digits)'],
  ['subject', text(2, 90), 'a string of 2 to 90 characters'],
  ['body', text(2, 6000), 'a string of 2 to 6000 characters'],
  ['phone', phoneValid, PHONE_RULE],
  ['type', (value) => value === 's' || value === 'u', '"s" or "u"'],
];
const OPTIONAL: readonly Field[] = [
  ['price', (value) => Number.isSafeInteger(value) && (value as number) >= 0, 'a non-negative integer'],
  // A zipcode in another format, a number included, is the documentation's -4 NO_REGION ("CEP
  // enviado em formato inválido", check-content.ts), not a malformed body.
  [
    'zipcode',
    (value) => (typeof value === 'string' && value.length <= 16) || typeof value === 'number',
    'a string',
  ],
  ['params', isParams, 'an object of strings, numbers or arrays of them'],
  ['images', (value) => Array.isArray(value) && value.length <= 20, 'an array of at most 20 images'],
  ['videos', (value) => Array.isArray(value) && value.length <= 5, 'an array of at most 5 videos'],
];

/** Every key the documentation names for an ad, as its examples spell them. */
const AD_KEYS = ['id', 'operation', ...REQUIRED.map(([name]) => name), ...OPTIONAL.map(([name]) => name)];

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

const capitalised = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1);

/**
 * The ad with its documented keys as the examples spell them. The documentation's tables spell
 * some capitalised (`Subject`, `Body`, `Phone`), its examples in lower case: both are taken,
 * unless `strict-key-spelling` is on; one key in both spellings is a 400 (which would win is not
 * documented).
 */
function documentedKeys(
  ad: Record<string, unknown>,
  index: number,
  strict: boolean,
): Record<string, unknown> {
  const read: Record<string, unknown> = { ...ad };
  for (const key of AD_KEYS) {
    const upper = capitalised(key);
    if (!Object.hasOwn(ad, upper)) continue;
    if (strict)
      throw bad(
        `ad_list[${index}].${upper}: spelt "${key}" as the import documentation's examples spell it (strict-key-spelling is on).`,
      );
    if (Object.hasOwn(ad, key))
      throw bad(`ad_list[${index}] gives "${key}" twice, as "${key}" and "${upper}".`);
    read[key] = ad[upper];
  }
  return read;
}

function parseAd(raw: unknown, index: number, strict: StrictImport): ParsedAd {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw bad(`ad_list[${index}] must be an object.`);
  const ad = documentedKeys(raw as Record<string, unknown>, index, strict.keySpelling);
  if (ad.operation === 'delete') return { index, id: ad.id, operation: 'delete' };
  if (ad.operation !== 'insert') throw bad(`ad_list[${index}].operation must be "insert" or "delete".`);
  for (const [name, valid, what] of REQUIRED)
    if (!valid(ad[name])) throw bad(`ad_list[${index}].${name} must be ${what}.`);
  for (const [name, valid, what] of OPTIONAL)
    if (ad[name] !== undefined && !valid(ad[name])) throw bad(`ad_list[${index}].${name} must be ${what}.`);
  if (strict.phone && typeof ad.phone !== 'number')
    throw bad(
      `ad_list[${index}].phone must be an integer, as the import documentation types it (strict-phone is on).`,
    );
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
  const { strictPhone, strictKeySpelling } = context.adImport.settings.values;
  const strict = { phone: strictPhone, keySpelling: strictKeySpelling };
  context.ads = (bodyOf(context).ad_list as unknown[]).map((ad, index) => parseAd(ad, index, strict));
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
