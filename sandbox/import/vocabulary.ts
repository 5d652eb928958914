/**
 * The ad import's words, as the field notes and production's import documentation (its table of
 * `statusCode` and `statusMessage`) record them: the
 * import's status codes and messages, the per-ad statuses and operations, the codes seen in
 * `message` and `reason_tag`. Declared once; the rules and the answers name them from here.
 */

/** `statusCode` and `statusMessage` of the import's answer. */
export const IMPORT_STATUS = {
  imported: { code: 0, message: 'The ads were imported and will be processed' },
  unexpected: { code: -1, message: 'Unexpected error' },
  blocked: { code: -2, message: 'The request was blocked' },
  noAd: { code: -3, message: 'There is no ad to import' },
  adProblems: { code: -4, message: 'An ad had problems on import' },
  unavailable: { code: -5, message: 'Import is down' },
  withoutPermission: { code: -6, message: 'Without permission' },
  noSlots: { code: -7, message: 'Not enough ad slots' },
  fewerSlots: { code: -8, message: 'Not enough ad slots' },
} as const;

export type ImportOutcome = keyof typeof IMPORT_STATUS;

/** Per-ad status in the import's status query. */
export type ItemStatus = 'pending' | 'queued' | 'accepted' | 'refused' | 'error';
/** Per-ad operation in the import's status query: a re-insert of a known id is an edit. */
export type ItemOperation = 'insert' | 'edit' | 'delete';

/** The codes the import sends in `errors[].messages`, `message` and `reason_tag`. */
export const IMPORT_CODES = {
  undefinedAdId: 'UNDEFINED_AD_ID',
  noRegion: 'NO_REGION',
  brandInvalid: 'ERROR_VEHICLE_BRAND_INVALID',
  modelInvalid: 'ERROR_VEHICLE_MODEL_INVALID',
  versionInvalid: 'ERROR_VEHICLE_VERSION_INVALID',
  notEnoughSlots: 'NOT_ENOUGH_AD_SLOTS',
  refusedGeneric: 'REFUSED_GENERIC',
} as const;

/** The refusal codes a moderation trigger may name (`sandbox_moderation: "refuse:<code>"`). */
export const REFUSAL_CODES = [
  'REFUSED_GENERIC',
  'REFUSED_SUSPECT_PRICE',
  'REFUSED_SUSPECT_DUPLICATES',
  'REFUSED_SUSPECT_CATEGORY',
  'REFUSED_DENOUNCED',
] as const;

/** The integrator's id: `[A-Za-z0-9_{}-]{1,19}`. */
export const AD_ID_PATTERN = /^[A-Za-z0-9_{}-]{1,19}$/;

/** The categories whose ads carry vehicle catalog ids, and the catalog each is checked against. */
export const VEHICLE_CATEGORIES = { '2020': 'cars', '2060': 'motorcycles' } as const;

/** An entry of `errors[].messages` or of `message`: a code as a category or as an error. */
export type CodeMessage = { category: string } | { error: string };
