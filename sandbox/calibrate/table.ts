import type { ObservedFact, ObservedValue } from './observed.js';

/**
 * The one table of calibration: every key an observed profile may hold (helpers/profile/, its
 * observers), by area and a pattern of its key, mapped to how the sandbox reproduces a value of it:
 * a setting it takes any value of (`reproduce`), a variant that makes that value, or nothing but
 * the reference's own value (`otherwise` says why no other can be made). A value equal to the
 * reference's (reference-choices.json) is reproduced by the reference itself, whatever the row.
 * selftest/calibration.spec.ts fails on a key the observers can write that no row matches.
 */

/**
 * The variants a row may turn on, by name (the variant catalogue is a floor above this folder:
 * start.ts hands their patches in; selftest/calibration.spec.ts holds each name to a variant).
 */
export const CALIBRATION_VARIANTS = [
  'listing-hex-page-tokens',
  'notify-token-header-unnamed',
  'notify-offset-hours',
] as const;
export type CalibrationVariant = (typeof CALIBRATION_VARIANTS)[number];

/** What a calibration changes: the settings its rows fill in, applied as one patch (patch.ts). */
export interface CalibrationSettings {
  variants: CalibrationVariant[];
  tokenSuccessStatus?: number;
  tokenErrorStatus: Record<string, number>;
  tokenExtraFields?: Record<string, string | number | boolean | null>;
  listingSuccessStatus?: number;
  listingErrorStatus: Record<string, number>;
  catalogSuccessStatus?: number;
  basicInfoSuccessStatus?: number;
  /** The alphabet of the listing's page tokens as observed (their length: calibrate.ts, the longest). */
  pageTokenAlphabet?: 'hexadecimal' | 'base64url' | 'base64';
  /** The longest page token observed (the aliases' length); 64 when the profile has none. */
  pageTokenLength?: number;
  /** The header the deliveries carry the notification token in, raw or as `Bearer <token>`. */
  deliveryTokenHeader?: { name: string; bearer: boolean };
}

/** One row's answer for a value: the settings it makes, or why that value cannot be made. */
export type Reproduction = { settings: (into: CalibrationSettings) => void; how: string } | { not: string };

export interface CalibrationRow {
  area: string;
  /** The keys of the area this row maps (whole key). */
  key: RegExp;
  /** What the sandbox can set for it, in words (the banner and docs). */
  switch: string;
  /** A value other than the reference's: the settings that make it, or why not. */
  reproduce?: (fact: ObservedFact, match: RegExpExecArray) => Reproduction;
  /** Why another value than the reference's cannot be made (rows without `reproduce`). */
  otherwise?: string;
}

/** `HTTP <status>` alone, or with a body form: the status and the form. */
function statusAndForm(value: ObservedValue): { status: number; form: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^HTTP (\d{3})(?: (.*))?$/.exec(value);
  return match === null ? undefined : { status: Number(match[1]), form: match[2] ?? '' };
}

/** A row of a status the sandbox takes any value of, the body form as the reference's. */
function anyStatus(
  set: (into: CalibrationSettings, status: number, match: RegExpExecArray) => void,
  form: (match: RegExpExecArray) => string,
): NonNullable<CalibrationRow['reproduce']> {
  return (fact, match) => {
    const answer = statusAndForm(fact.value);
    if (answer === undefined)
      return { not: 'not one answer (several values, or not "HTTP <status> <form>")' };
    if (answer.status < 200 || answer.status > 599)
      return { not: `HTTP ${answer.status} is not an answer status` };
    const expected = form(match);
    if (answer.form !== expected)
      return { not: `the body form ${answer.form} (the sandbox's is ${expected})` };
    return {
      settings: (into) => {
        set(into, answer.status, match);
      },
      how: `HTTP ${answer.status}`,
    };
  };
}

/** A sample value of an observed `name:type` field (a token response's extra field). */
function sampleOf(type: string): string | number | boolean | null | undefined {
  const samples: Record<string, string | number | boolean | null> = {
    string: 'calibrated',
    number: 3600,
    boolean: true,
    null: null,
  };
  return samples[type];
}

const tokenExtraFields: NonNullable<CalibrationRow['reproduce']> = (fact) => {
  if (!Array.isArray(fact.value)) return { not: 'several values (the sandbox answers one set of fields)' };
  const fields: Record<string, string | number | boolean | null> = {};
  for (const entry of fact.value) {
    const text = JSON.stringify(entry);
    const [name, type] = (typeof entry === 'string' ? entry : text).split(/:(.*)/s);
    const sample = sampleOf(type ?? '');
    if (name === undefined || sample === undefined || ['access_token', 'token_type'].includes(name))
      return { not: `the field ${text} (only string, number, boolean and null fields are made)` };
    fields[name] = sample;
  }
  return {
    settings: (into) => (into.tokenExtraFields = fields),
    how: `fields ${Object.keys(fields).join(', ')}`,
  };
};

/** A value one variant makes: that variant turned on. */
function byVariant(
  values: Readonly<Record<string, CalibrationVariant>>,
): NonNullable<CalibrationRow['reproduce']> {
  return (fact) => {
    const variant = typeof fact.value === 'string' ? values[fact.value] : undefined;
    if (variant === undefined)
      return {
        not: `no variant makes ${JSON.stringify(fact.value)} (made: ${Object.keys(values).join('; ')})`,
      };
    return { settings: (into) => into.variants.push(variant), how: `variant ${variant}` };
  };
}

/** Headers that frame the delivery or carry its media type: never the token's (R6-02). */
const FRAMING_HEADERS = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
]);

/**
 * The observed token header (`x-notification-token`, `authorization (Bearer)`): the deliveries
 * carry the token there, raw or after `Bearer `; x-hook-token by its variant, as before.
 */
const tokenHeader: NonNullable<CalibrationRow['reproduce']> = (fact, match) => {
  if (fact.value === 'x-hook-token')
    return byVariant({ 'x-hook-token': 'notify-token-header-unnamed' })(fact, match);
  const header =
    typeof fact.value === 'string'
      ? /^([!#$%&'*+.^_`|~0-9a-z-]{1,64})( \(Bearer\))?$/.exec(fact.value)
      : null;
  const name = header?.[1];
  if (header === null || name === undefined || FRAMING_HEADERS.has(name))
    return { not: `not one header name (several values, none, or a header that frames the request)` };
  const bearer = header[2] !== undefined;
  return {
    settings: (into) => (into.deliveryTokenHeader = { name, bearer }),
    how: `the token in ${name}${bearer ? ' as Bearer' : ''}`,
  };
};

/**
 * An observed page token form (`base64url, up to 256 characters`): the listing hands out aliases of
 * that alphabet (resources/page-token-alias.ts), as long as the longest token observed; the hex
 * variant's own form by its variant, as before.
 */
const pageTokenForm: NonNullable<CalibrationRow['reproduce']> = (fact, match) => {
  if (fact.value === 'other (~), up to 256 characters')
    return byVariant({ 'other (~), up to 256 characters': 'listing-hex-page-tokens' })(fact, match);
  const form =
    typeof fact.value === 'string'
      ? /^(hexadecimal|base64url|base64), up to \d+ characters$/.exec(fact.value)
      : null;
  const alphabet = form?.[1] as CalibrationSettings['pageTokenAlphabet'];
  if (alphabet === undefined)
    return { not: 'not one form of a known alphabet (several values, or other characters)' };
  return {
    settings: (into) => (into.pageTokenAlphabet = alphabet),
    how: `page tokens of ${alphabet} characters`,
  };
};

const NO_SWITCH = 'the sandbox has no switch for another value';
const listingForm = (match: RegExpExecArray): string => `{message:string,reason:"${match[1] ?? ''}"}`;

export const CALIBRATION_TABLE: readonly CalibrationRow[] = [
  {
    area: 'token',
    key: /^success$/,
    switch: 'token successStatus',
    reproduce: anyStatus(
      (into, status) => (into.tokenSuccessStatus = status),
      () => '',
    ),
  },
  {
    area: 'token',
    key: /^error (.+)$/,
    switch: 'token errorStatus per error code',
    reproduce: anyStatus(
      (into, status, match) => (into.tokenErrorStatus[match[1] ?? ''] = status),
      (match) => `{error:"${match[1] ?? ''}",error_description:string}`,
    ),
  },
  { area: 'token', key: /^[A-Z]+ (success|error .+)$/, switch: 'none', otherwise: NO_SWITCH },
  {
    area: 'token',
    key: /^response fields beyond access_token and token_type$/,
    switch: 'token tokenResponse (extra fields)',
    reproduce: tokenExtraFields,
  },
  {
    area: 'listing',
    key: /^success$/,
    switch: 'resources pageStatus',
    reproduce: anyStatus(
      (into, status) => (into.listingSuccessStatus = status),
      () => '',
    ),
  },
  {
    area: 'listing',
    key: /^error (.+)$/,
    switch: 'resources listingStatus per reason',
    reproduce: anyStatus(
      (into, status, match) => (into.listingErrorStatus[match[1] ?? ''] = status),
      listingForm,
    ),
  },
  { area: 'listing', key: /^[A-Z]+ (success|error .+)$/, switch: 'none', otherwise: NO_SWITCH },
  {
    area: 'listing',
    key: /^RATE_LIMIT numbers$/,
    switch: 'none',
    // The double is observed with test helpers, and there the suite sets each client's limit itself.
    otherwise:
      'an observation with test helpers shows the limits the suite set per client, not the server’s default',
  },
  { area: 'listing', key: /^ad fields beyond id, list_id and status$/, switch: 'none', otherwise: NO_SWITCH },
  {
    area: 'listing',
    key: /^page token form$/,
    switch: 'resources pageTokenForm (aliases of the observed alphabet; variant listing-hex-page-tokens)',
    reproduce: pageTokenForm,
  },
  { area: 'listing', key: /^default page size$/, switch: 'none', otherwise: NO_SWITCH },
  {
    area: 'listing',
    key: /^fetch_size (accepted|refused)$/,
    switch: 'none',
    otherwise: 'the sandbox takes fetch_size from 1 to 200, as 4.4 says',
  },
  {
    area: 'listing',
    key: /^page token length$/,
    switch: 'none (with an observed form, the tokens are as long as the longest observed)',
    otherwise:
      'the sandbox’s page tokens are of one length with an observed form, else their length follows the position',
  },
  {
    area: 'credentials',
    key: /^.+ with .+$/,
    switch: 'none',
    otherwise: 'the sandbox takes credentials where the specification puts them',
  },
  {
    area: 'listing',
    key: /^status values among the ads$/,
    switch: 'none (the ads are the account’s)',
    otherwise: 'the statuses of an account’s own ads are its data, not a choice of the server',
  },
  {
    area: 'catalogs',
    key: /^success$/,
    switch: 'catalogs catalogSuccessStatus',
    reproduce: anyStatus(
      (into, status) => (into.catalogSuccessStatus = status),
      () => '',
    ),
  },
  {
    area: 'basic info',
    key: /^success$/,
    switch: 'resources basicInfoStatus',
    reproduce: anyStatus(
      (into, status) => (into.basicInfoSuccessStatus = status),
      () => '',
    ),
  },
  {
    area: 'catalogs',
    key: /^(?:[A-Z]+ )?(?:success|error .+)$/,
    switch: 'none',
    otherwise: 'the statuses of catalog errors are fixed (http/error-status.ts)',
  },
  {
    area: 'basic info',
    key: /^(?:[A-Z]+ )?(?:success|error .+)$/,
    switch: 'none',
    otherwise: 'the statuses of basic user info errors are fixed (http/error-status.ts)',
  },
  {
    area: 'notifications',
    key: /^(?:[A-Z]+ )?(create|read|update|delete)( \(by id\))? (success|error .+)$/,
    switch: 'none',
    otherwise: 'the configuration endpoints’ answers are fixed (http/error-status.ts)',
  },
  {
    area: 'deliveries',
    key: /^token header$/,
    switch: 'notifications tokenHeaders (any header name, raw or Bearer)',
    reproduce: tokenHeader,
  },
  {
    area: 'deliveries',
    key: /^time format of created_at$/,
    switch: 'variant notify-offset-hours',
    reproduce: byVariant({ 'ISO 8601 with "T", 3 fraction digits, an offset': 'notify-offset-hours' }),
  },
  {
    area: 'deliveries',
    key: /^(method|content type|body field paths|time format of .+)$/,
    switch: 'none (the body variants change several keys at once)',
    otherwise: NO_SWITCH,
  },
  {
    area: 'deliveries',
    key: /^statuses sent$/,
    switch: 'none (the statuses are those of the ads the suite changed)',
    otherwise: 'the statuses a delivery carries are the changes made, not a choice of the server',
  },
  {
    area: 'login page',
    key: /^header [a-z-]+$/,
    switch: 'none',
    otherwise: 'the pages’ security headers are fixed (oauth/)',
  },
  {
    area: 'consent page',
    key: /^header [a-z-]+$/,
    switch: 'none',
    otherwise: 'the pages’ security headers are fixed (oauth/)',
  },
];

/** The row of a fact, with its key's match; undefined for a key no row maps. */
export function rowOf(
  area: string,
  key: string,
): { row: CalibrationRow; match: RegExpExecArray } | undefined {
  for (const row of CALIBRATION_TABLE) {
    if (row.area !== area) continue;
    const match = row.key.exec(key);
    if (match !== null) return { row, match };
  }
  return undefined;
}
