import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RulebookPatch } from '../rules/book.js';
import { catalogPatch, unknownLookups } from './catalog.js';
import { observedFacts, sameValue, type ObservedProfile, type ObservedValue } from './observed.js';
import { settingsPatch } from './patch.js';
import { rowOf, type CalibrationSettings } from './table.js';

/** One observed fact and what calibration made of it. */
export interface FactOutcome {
  area: string;
  key: string;
  value: ObservedValue;
  /** How the sandbox reproduces it (`the reference`, a setting, a variant), or why it cannot. */
  reproduced: boolean;
  how: string;
}

/** What a profile calibrates: the settings, the catalog, and every fact's outcome. */
export interface Calibration {
  target: string;
  observedAt: string;
  settings: CalibrationSettings;
  patch: RulebookPatch;
  facts: FactOutcome[];
  /** Catalog lookups the snapshot could not say (answered from the sandbox's own data). */
  catalogUnknown: Array<{ path: string; why: string }>;
  /** Whether the snapshot's catalogs are served. */
  catalogServed: boolean;
  /** Choices the double could take that the observation lacks: the sandbox keeps its own, said so. */
  notObserved: string[];
}

let referenceAreas: Record<string, Record<string, ObservedValue>> | undefined;

/** What the reference sandbox shows an observation (reference-choices.json), read once. */
export function referenceChoices(): Record<string, Record<string, ObservedValue>> {
  referenceAreas ??= (
    JSON.parse(readFileSync(resolve(__dirname, 'reference-choices.json'), 'utf8')) as {
      areas: Record<string, Record<string, ObservedValue>>;
    }
  ).areas;
  return referenceAreas;
}

/** Each fact's outcome, and the settings of those reproduced by a row. */
function outcomes(profile: ObservedProfile): { facts: FactOutcome[]; settings: CalibrationSettings } {
  const settings: CalibrationSettings = { variants: [], tokenErrorStatus: {}, listingErrorStatus: {} };
  const reference = referenceChoices();
  const facts = observedFacts(profile).map((fact): FactOutcome => {
    const found = rowOf(fact.area, fact.key);
    if (found === undefined)
      return { ...fact, reproduced: false, how: 'no row of the calibration table maps this key' };
    if (sameValue(reference[fact.area]?.[fact.key], fact.value))
      return { ...fact, reproduced: true, how: 'the reference' };
    if (found.row.reproduce === undefined)
      return { ...fact, reproduced: false, how: found.row.otherwise ?? 'no switch' };
    const made = found.row.reproduce(fact, found.match);
    if ('not' in made) return { ...fact, reproduced: false, how: made.not };
    made.settings(settings);
    return { ...fact, reproduced: true, how: made.how };
  });
  // The aliases' length: the longest token observed (a key of its own, read beside the form's row).
  const lengths = profile.areas.listing?.['page token length'];
  const observed = [lengths, ...(isSeveral(lengths) ? lengths['several values'] : [])].filter(
    (value): value is number =>
      typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 1024,
  );
  if (observed.length > 0) settings.pageTokenLength = Math.max(...observed);
  return { facts, settings };
}

function isSeveral(value: ObservedValue | undefined): value is { 'several values': ObservedValue[] } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Array.isArray(value['several values'])
  );
}

/** The calibration of a profile: what the sandbox takes from it, and what it cannot. */
export function calibrationOf(profile: ObservedProfile): Calibration {
  const { facts, settings } = outcomes(profile);
  const snapshot = profile.catalog;
  const patches = [settingsPatch(settings), ...(snapshot === null ? [] : [catalogPatch(snapshot)])];
  return {
    target: profile.target,
    observedAt: profile.observedAt,
    settings,
    patch: mergedPatch(patches),
    facts,
    catalogUnknown: snapshot === null ? [] : unknownLookups(snapshot),
    catalogServed: snapshot !== null,
    notObserved: notObservedLines(profile),
  };
}

/**
 * Each choice a row could take (it has a setting or a variant) that the observation does not hold:
 * the double answers it as the reference does, and its banner says so with the value it keeps.
 */
function notObservedLines(profile: ObservedProfile): string[] {
  return Object.entries(referenceChoices()).flatMap(([area, keys]) =>
    Object.entries(keys)
      .filter(
        ([key]) => profile.areas[area]?.[key] === undefined && rowOf(area, key)?.row.reproduce !== undefined,
      )
      .map(([key, value]) => `${area} | ${key} | not observed: the sandbox's own, ${JSON.stringify(value)}`),
  );
}

/** Patches of distinct rules as one. */
function mergedPatch(patches: readonly RulebookPatch[]): RulebookPatch {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const patch of patches)
    for (const [area, rules] of Object.entries(patch)) merged[area] = { ...merged[area], ...rules };
  return merged;
}

/** The facts not reproduced, one line each: the banner's list and the file's. */
export function notReproducedLines(calibration: Calibration): string[] {
  return [
    ...calibration.facts
      .filter((fact) => !fact.reproduced)
      .map((fact) => `${fact.area} | ${fact.key} | ${JSON.stringify(fact.value)} | ${fact.how}`),
    ...calibration.catalogUnknown.map((entry) => `catalog | ${entry.path} | ${entry.why}`),
  ];
}
