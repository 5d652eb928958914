import { readFileSync, statSync } from 'node:fs';
import {
  flawText,
  observedProfileFlaw,
  OBSERVED_PROFILE_FORMAT,
  PROFILE_LIMITS,
} from '../../spec/observed-profile.js';

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

/** The format this reader knows (spec/observed-profile.ts, as helpers/profile/profile.ts writes it). */
export const OBSERVED_FORMAT = OBSERVED_PROFILE_FORMAT;

/**
 * The profile in a parsed JSON value, or why it is not one (never a throw): the shape checked once
 * for both sides (spec/observed-profile.ts), the place of the first flaw named.
 */
export function profileOf(value: unknown): ObservedProfile | { problem: string } {
  const flaw = observedProfileFlaw(value);
  if (flaw?.place === '/format') return { problem: `of format ${flaw.problem}` };
  if (flaw?.place === '/areas') return { problem: 'without areas (a field is missing or mistyped)' };
  if (flaw !== undefined) return { problem: `not a profile: ${flawText(flaw)}` };
  const profile = value as Record<string, unknown>;
  return {
    target: typeof profile.target === 'string' ? profile.target : '(unnamed)',
    observedAt: typeof profile.observedAt === 'string' ? profile.observedAt : '(undated)',
    catalog: (profile.catalog ?? null) as ObservedProfile['catalog'],
    areas: profile.areas as ObservedProfile['areas'],
  };
}

/** The profile in a file, or why it is not one. */
export function readObservedProfile(path: string): ObservedProfile | { problem: string } {
  let text: string;
  try {
    if (statSync(path).size > PROFILE_LIMITS.fileBytes)
      return { problem: `${path} is over ${PROFILE_LIMITS.fileBytes} bytes: not a profile` };
    text = readFileSync(path, 'utf8');
  } catch {
    return { problem: `${path} cannot be read` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return { problem: `${path} is not JSON` };
  }
  const read = profileOf(parsed);
  return 'problem' in read ? { problem: `${path} is ${read.problem}` } : read;
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
