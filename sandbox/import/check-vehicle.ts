import type { ServedCatalog } from '../catalogs/served.js';
import type { AdImport } from './ad-import.js';
import type { ParsedAd } from './request.js';
import { IMPORT_CODES, VEHICLE_CATEGORIES } from './vocabulary.js';

/**
 * Field notes: vehicle ads carry catalog ids in `params` (`vehicle_brand`, `vehicle_model`,
 * `vehicle_version`, ...); ads carrying ids from before a renumbering are refused with the vehicle
 * codes (ERROR_VEHICLE_BRAND_INVALID, ..._MODEL_INVALID, ..._VERSION_INVALID). Checked against the
 * catalog the lookups serve at the import (catalogs/served.ts: the catalog in force, catalog-edition.ts,
 * through the lookups' seams), so an id a renumbering retired is refused, and an id a calibrated
 * double's lookups answered (another marketplace's catalog) is taken.
 * The import documentation's car and motorcycle tables mark `vehicle_brand`, `vehicle_model` and
 * `vehicle_version` optional ("Não"), and its car example has an ad without them: each is checked
 * when given, a level given without the one above it names that level (a model needs its brand);
 * `strict-vehicle-fields` requires brand and model. The sandbox's choices: the categories 2020
 * (cars) and 2060 (motorcycles) are vehicle categories; the first bad level is named.
 */

function idOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
}

function firstBadLevel(
  catalog: ServedCatalog,
  params: Readonly<Record<string, unknown>>,
  required: boolean,
): string | undefined {
  if (!required && params.vehicle_brand === undefined && params.vehicle_model === undefined)
    return params.vehicle_version === undefined ? undefined : IMPORT_CODES.brandInvalid;
  const brand = idOf(params.vehicle_brand);
  const models = brand === undefined ? undefined : catalog.modelIds(brand);
  if (brand === undefined || models === undefined) return IMPORT_CODES.brandInvalid;
  const model = idOf(params.vehicle_model);
  if (!required && params.vehicle_model === undefined)
    return params.vehicle_version === undefined ? undefined : IMPORT_CODES.modelInvalid;
  if (model === undefined || !models.has(String(model))) return IMPORT_CODES.modelInvalid;
  if (params.vehicle_version === undefined) return undefined;
  const version = idOf(params.vehicle_version);
  const versions = catalog.versionIds(brand, model);
  return version !== undefined && versions?.has(String(version)) === true
    ? undefined
    : IMPORT_CODES.versionInvalid;
}

/** The vehicle code of an insert whose catalog ids are not those of the catalog in force. */
export function vehicleIdsCurrent(ad: ParsedAd, adImport: AdImport): string[] {
  const kind = vehicleKind(ad);
  if (kind === undefined) return [];
  const required = adImport.settings.values.strictVehicleFields;
  const code = firstBadLevel(adImport.served(kind), ad.params ?? {}, required);
  return code === undefined ? [] : [code];
}

function vehicleKind(ad: ParsedAd): 'cars' | 'motorcycles' | undefined {
  if (ad.operation !== 'insert' || ad.category === undefined) return undefined;
  return (VEHICLE_CATEGORIES as Record<string, 'cars' | 'motorcycles' | undefined>)[ad.category];
}

/** A vehicle insert without brand or model, which only `strict-vehicle-fields` refuses. */
export function vehicleFieldsMissing(ad: ParsedAd): boolean {
  return (
    vehicleKind(ad) !== undefined &&
    (ad.params?.vehicle_brand === undefined || ad.params.vehicle_model === undefined)
  );
}
