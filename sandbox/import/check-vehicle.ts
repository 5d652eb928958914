import type { Catalog } from '../catalogs/data.js';
import type { AdImport } from './ad-import.js';
import type { ParsedAd } from './request.js';
import { IMPORT_CODES, VEHICLE_CATEGORIES } from './vocabulary.js';

/**
 * Field notes: vehicle ads carry catalog ids in `params` (`vehicle_brand`, `vehicle_model`,
 * `vehicle_version`, ...); ads carrying ids from before a renumbering are refused with the vehicle
 * codes (ERROR_VEHICLE_BRAND_INVALID, ..._MODEL_INVALID, ..._VERSION_INVALID). Checked against the
 * catalog in force at the import (catalog-edition.ts), so an id a renumbering retired is refused.
 * The sandbox's choices: the categories 2020 (cars) and 2060 (motorcycles) are vehicle categories;
 * brand and model are required there, the version checked when given; the first bad level is named.
 */

function idOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
}

function firstBadLevel(catalog: Catalog, params: Readonly<Record<string, unknown>>): string | undefined {
  const brand = idOf(params.vehicle_brand);
  const models = brand === undefined ? undefined : catalog.modelMap(brand);
  if (brand === undefined || models === undefined) return IMPORT_CODES.brandInvalid;
  const model = idOf(params.vehicle_model);
  const versions = model === undefined ? undefined : catalog.versionMap(brand, model);
  if (model === undefined || versions === undefined) return IMPORT_CODES.modelInvalid;
  if (params.vehicle_version === undefined) return undefined;
  const version = idOf(params.vehicle_version);
  return version !== undefined && Object.values(versions).includes(version)
    ? undefined
    : IMPORT_CODES.versionInvalid;
}

/** The vehicle code of an insert whose catalog ids are not those of the catalog in force. */
export function vehicleIdsCurrent(ad: ParsedAd, adImport: AdImport): string[] {
  if (ad.operation !== 'insert' || ad.category === undefined) return [];
  const kind = (VEHICLE_CATEGORIES as Record<string, 'cars' | 'motorcycles' | undefined>)[ad.category];
  if (kind === undefined) return [];
  const code = firstBadLevel(adImport.catalogs.current()[kind], ad.params ?? {});
  return code === undefined ? [] : [code];
}
