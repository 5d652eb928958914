import { CATALOG_CHAINS } from '../../spec/paths.js';
import type { Catalog, Catalogs, IdMap } from './data.js';
import type { CATALOGS_SEAMS } from './seams.js';

/**
 * The catalog as the lookups serve it, for whoever else holds ids against it (the ad import): the
 * same data and the same seams as the lookups' routes (routes.ts), so that an id a lookup answered
 * is an id the import takes, and one it did not is refused, whatever answers the lookups (the
 * sandbox's data, a renumbering, a calibration's observed catalog). One world, written once.
 */

/** The seams a served catalog goes through, as the rules in force have them. */
export type ServingRules = Pick<typeof CATALOGS_SEAMS, 'lookedUp' | 'modelsBrandId' | 'versionsBrandId'>;

/** The chains whose lookups go below a brand, by their data's name. */
export const SERVED_CHAINS = {
  cars: CATALOG_CHAINS.car,
  motorcycles: CATALOG_CHAINS.motorcycle,
  cellphones: CATALOG_CHAINS.cellphone,
} as const;
export type ServedChain = keyof typeof SERVED_CHAINS;

type Served = Readonly<Record<string, number | string>> | undefined;

/** A brand's models, as the models lookup of `/:brandId` answers them. */
export function modelsLookup(
  rules: ServingRules,
  catalog: Catalog,
  brandId: number,
): () => IdMap | undefined {
  return () => catalog.modelMap(rules.modelsBrandId(brandId));
}

/** A model's versions, as the versions lookup of `/:brandId/:modelId` answers them. */
export function versionsLookup(
  rules: ServingRules,
  catalog: Catalog,
  brandId: number,
  modelId: number,
): () => IdMap | undefined {
  return () => catalog.versionMap(rules.versionsBrandId(brandId), modelId);
}

/** What the lookups below a chain serve: a brand's models, a model's versions (ids as text). */
export interface ServedCatalog {
  /** The ids of the brand's models; undefined for a brand the lookups do not serve. */
  modelIds(brandId: number): ReadonlySet<string> | undefined;
  /** The ids of the model's versions; undefined for a model the lookups do not serve. */
  versionIds(brandId: number, modelId: number): ReadonlySet<string> | undefined;
}

const idsOf = (served: Served): ReadonlySet<string> | undefined =>
  served === undefined ? undefined : new Set(Object.values(served).map(String));

/** The chain as its lookups serve it now, through the rules in force. */
export function servedCatalog(rules: ServingRules, catalogs: Catalogs, chain: ServedChain): ServedCatalog {
  const catalog = catalogs[chain];
  const segment = SERVED_CHAINS[chain];
  return {
    modelIds: (brandId) =>
      idsOf(
        rules.lookedUp(
          `${segment}/:brandId`,
          { brandId: String(brandId) },
          modelsLookup(rules, catalog, brandId),
        ),
      ),
    versionIds: (brandId, modelId) =>
      idsOf(
        rules.lookedUp(
          `${segment}/:brandId/:modelId`,
          { brandId: String(brandId), modelId: String(modelId) },
          versionsLookup(rules, catalog, brandId, modelId),
        ),
      ),
  };
}
