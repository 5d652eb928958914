import { CATALOG_CHAINS } from '../../spec/paths.js';
import type { CatalogData } from '../catalogs/lookup.js';
import type { VariantDefinition } from './types.js';

/**
 * Variants that each change one thing the observed profile watches, none breaking the
 * specification: what a marketplace may change from one night to the next. selftest/drift.spec.ts
 * runs the suite with each after a run without, and finds that one change alone in drift.json.
 */

/** The car brand the renumbering moves, its id in sandbox/data/catalogs/cars.json, and its new id. */
const RENUMBERED = { name: 'Chevrolet', from: 1, to: 901 };
/** The car model renamed (its id unchanged). */
const RENAMED = { name: 'Onix', id: 1001, to: 'Onix Hatch' };
/** The motorcycle brand that disappears from the brand lookup (a brand found in motorcycles alone). */
const REMOVED_MOTORCYCLE = 'Royal Enfield';

type Entry = [string, number | string];

/** The lookup's data with its entries edited, when it is the map that holds the one to change. */
function edited(data: CatalogData, holds: boolean, edit: (entries: Entry[]) => Entry[]): CatalogData {
  return holds
    ? (Object.fromEntries(edit(Object.entries(data as Record<string, number | string>))) as CatalogData)
    : data;
}

export const DRIFT_VARIANTS = {
  'drift-car-brand-renumbered': {
    description: `the car brand ${RENUMBERED.name} has id ${RENUMBERED.to} instead of ${RENUMBERED.from} (section 9: ids can be equalized), in its lookups too`,
    env: {},
    patch: {
      catalogs: {
        catalogEnvelope: (envelope) => (data) =>
          envelope(
            edited(data, data[RENUMBERED.name] === RENUMBERED.from, (entries) =>
              entries.map(([name, id]) => [name, name === RENUMBERED.name ? RENUMBERED.to : id]),
            ),
          ),
        // The models and versions of the brand answer at its new id (the request's own parameter).
        catalogTokenValid: (valid) => (lookup) => {
          const { params, url } = lookup.request;
          if (url.includes(`/${CATALOG_CHAINS.car}/`) && params.brandId === String(RENUMBERED.to))
            params.brandId = String(RENUMBERED.from);
          valid(lookup);
        },
      },
    },
  },
  'drift-car-model-renamed': {
    description: `the car model ${RENAMED.name} (id ${RENAMED.id}) is named ${RENAMED.to}`,
    env: {},
    patch: {
      catalogs: {
        catalogEnvelope: (envelope) => (data) =>
          envelope(
            edited(data, data[RENAMED.name] === RENAMED.id, (entries) =>
              entries.map(([name, id]) => [name === RENAMED.name ? RENAMED.to : name, id]),
            ),
          ),
      },
    },
  },
  'drift-motorcycle-brand-removed': {
    description: `the motorcycle brand ${REMOVED_MOTORCYCLE} is no longer in the brand lookup`,
    env: {},
    patch: {
      catalogs: {
        catalogEnvelope: (envelope) => (data) =>
          envelope(
            edited(data, REMOVED_MOTORCYCLE in data && data.Honda === 1, (entries) =>
              entries.filter(([name]) => name !== REMOVED_MOTORCYCLE),
            ),
          ),
      },
    },
  },
  'drift-token-extra-fields': {
    description:
      'the token response carries expires_in (3600) and issued_at (epoch seconds) beyond the two fields of 2.3',
    env: {},
    patch: {
      token: {
        tokenResponse: (shaped) => (response, issued) => {
          const sent = shaped(response, issued);
          return {
            ...sent,
            body: { ...sent.body, expires_in: 3600, issued_at: Math.floor(Date.now() / 1000) },
          };
        },
      },
    },
  },
} as const satisfies Record<string, VariantDefinition>;
