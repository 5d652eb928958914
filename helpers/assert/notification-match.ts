/**
 * How the contract (section 1) reads a notification whose field names the specification leaves
 * open: it must hold, at any depth, the ad's id (or its list_id, as a string or a number), the new
 * status, and the time of the change close to the moment of the change.
 */

export interface ExpectedChange {
  adId: string;
  listId?: string | undefined;
  status: string;
  /** Epoch milliseconds: the suite's clock just before and just after it asked for the change. */
  notBefore: number;
  notAfter: number;
}

/** Every leaf value (string, number) of a JSON value, at any depth. */
function leaves(value: unknown): Array<string | number> {
  if (typeof value === 'string' || typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

export function holdsAdId(body: unknown, change: ExpectedChange): boolean {
  const listId = change.listId;
  return leaves(body).some(
    (leaf) =>
      leaf === change.adId ||
      (listId !== undefined && (leaf === listId || (typeof leaf === 'number' && String(leaf) === listId))),
  );
}

export function holdsStatus(body: unknown, status: string): boolean {
  return leaves(body).includes(status);
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const MAX_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;
/** ISO 8601 allows the offset as `+hh:mm`, `+hhmm` or `+hh` (RFC 3339 only the first; 6: formats not shown). */
const OFFSET = '(Z|[+-]\\d{2}(:?\\d{2})?)';
const ISO_DATE_TIME = new RegExp(
  `^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?${OFFSET}?$`,
  'i',
);
const HAS_OFFSET = new RegExp(`${OFFSET}$`, 'i');

/** `+hh` and `+hhmm` written as `+hh:mm`, the only offsets Date.parse reads. */
function withFullOffset(text: string, offset: string): string {
  const match = /^([+-]\d{2}):?(\d{2})?$/.exec(offset);
  if (match === null) return text;
  return `${text.slice(0, -offset.length)}${match[1] ?? ''}:${match[2] ?? '00'}`;
}

/** The instant a leaf may stand for, with whether its time zone is unknown. */
function instantOf(leaf: string | number): { ms: number; zoneUnknown: boolean } | undefined {
  const numeric = typeof leaf === 'number' ? leaf : /^\d{9,13}(\.\d+)?$/.test(leaf) ? Number(leaf) : NaN;
  if (Number.isFinite(numeric)) {
    if (numeric >= 1e9 && numeric < 1e11) return { ms: numeric * 1000, zoneUnknown: false };
    if (numeric >= 1e12 && numeric < 1e14) return { ms: numeric, zoneUnknown: false };
    return undefined;
  }
  if (typeof leaf !== 'string' || !ISO_DATE_TIME.test(leaf.trim())) return undefined;
  const text = leaf.trim().replace(' ', 'T');
  const offset = HAS_OFFSET.exec(text)?.[0];
  const zoneUnknown = offset === undefined;
  const ms = Date.parse(zoneUnknown ? `${text}Z` : withFullOffset(text, offset));
  return Number.isNaN(ms) ? undefined : { ms, zoneUnknown };
}

/** Distance from the window [notBefore, notAfter]; a time without offset may be in any zone. */
function distanceMs(instant: { ms: number; zoneUnknown: boolean }, change: ExpectedChange): number {
  const outside = (ms: number): number =>
    ms < change.notBefore ? change.notBefore - ms : ms > change.notAfter ? ms - change.notAfter : 0;
  if (!instant.zoneUnknown) return outside(instant.ms);
  let best = Number.POSITIVE_INFINITY;
  for (let offset = -MAX_ZONE_OFFSET_MS; offset <= MAX_ZONE_OFFSET_MS; offset += QUARTER_HOUR_MS)
    best = Math.min(best, outside(instant.ms + offset));
  return best;
}

/** True when some leaf is a date-time or epoch time within `toleranceMs` of the change. */
export function holdsChangeTime(body: unknown, change: ExpectedChange, toleranceMs: number): boolean {
  return leaves(body).some((leaf) => {
    const instant = instantOf(leaf);
    return instant !== undefined && distanceMs(instant, change) <= toleranceMs;
  });
}

/**
 * The header that carries the configured token: the one WEBHOOK_TOKEN_HEADER names, or else any
 * header whose value is the token or `Bearer <token>`. Returns its name, or undefined.
 */
export function tokenHeaderOf(
  headers: Record<string, string>,
  token: string,
  expectedHeader: string | undefined,
): string | undefined {
  const carries = (value: string | undefined): boolean =>
    value !== undefined && (value.trim() === token || /^bearer\s+(.+)$/i.exec(value.trim())?.[1] === token);
  if (expectedHeader !== undefined) return carries(headers[expectedHeader]) ? expectedHeader : undefined;
  return Object.keys(headers).find((name) => carries(headers[name]));
}
