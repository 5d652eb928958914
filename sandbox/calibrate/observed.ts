import { readFileSync } from 'node:fs';

/**
 * An observed profile (`reports/observed.json`, written by the suite's helpers/profile/) as the
 * sandbox reads it: plain JSON, read here without importing the suite (the two sides never import
 * each other). Only what calibration needs is typed; other fields are ignored, so a profile that
 * gains fields still reads.
 */

/** A JSON value as the profile holds it. */
export type ObservedValue =
  string | number | boolean | null | ObservedValue[] | { [key: string]: ObservedValue };

/** One entry of the catalog snapshot: its id, and what its lookup answered below it. */
export interface ObservedCatalogNode {
  id: number | string;
  children?: Record<string, ObservedCatalogNode>;
  unreached?: true;
  failed?: string;
}

export interface ObservedProfile {
  target: string;
  observedAt: string;
  catalog: Record<string, ObservedCatalogNode> | null;
  areas: Record<string, Record<string, ObservedValue>>;
}

/** One observed fact: a key of an area and its value. */
export interface ObservedFact {
  area: string;
  key: string;
  value: ObservedValue;
}

/** The format this reader knows (helpers/profile/profile.ts's PROFILE_FORMAT). */
export const OBSERVED_FORMAT = 'classifieds-observed-profile/1';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The profile in a parsed JSON value, or why it is not one (never a throw). */
export function profileOf(value: unknown): ObservedProfile | { problem: string } {
  if (!isRecord(value)) return { problem: 'not a JSON object' };
  if (value.format !== OBSERVED_FORMAT)
    return { problem: `of format ${JSON.stringify(value.format ?? null)}, not ${OBSERVED_FORMAT}` };
  if (!isRecord(value.areas) || !Object.values(value.areas).every(isRecord))
    return { problem: 'without areas (a field is missing or mistyped)' };
  if (value.catalog !== null && value.catalog !== undefined && !isRecord(value.catalog))
    return { problem: 'with a catalog that is not an object' };
  return {
    target: typeof value.target === 'string' ? value.target : '(unnamed)',
    observedAt: typeof value.observedAt === 'string' ? value.observedAt : '(undated)',
    catalog: (value.catalog ?? null) as ObservedProfile['catalog'],
    areas: value.areas as ObservedProfile['areas'],
  };
}

/** The profile in a file, or why it is not one. */
export function readObservedProfile(path: string): ObservedProfile | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { problem: `${path} cannot be read` };
  }
  try {
    const read = profileOf(JSON.parse(text) as unknown);
    return 'problem' in read ? { problem: `${path} is ${read.problem}` } : read;
  } catch {
    return { problem: `${path} is not JSON` };
  }
}

/** Every fact of the areas, in the file's order (areas and keys sorted by the writer). */
export function observedFacts(profile: ObservedProfile): ObservedFact[] {
  return Object.entries(profile.areas).flatMap(([area, keys]) =>
    Object.entries(keys).map(([key, value]) => ({ area, key, value })),
  );
}

/** Two values the same, whatever the order of their objects' keys. */
export function sameValue(a: ObservedValue | undefined, b: ObservedValue | undefined): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(value: ObservedValue | undefined): ObservedValue | undefined {
  if (Array.isArray(value)) return value.map((item) => sorted(item) ?? null);
  if (value === null || value === undefined || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted(value[key]) ?? null]),
  );
}
