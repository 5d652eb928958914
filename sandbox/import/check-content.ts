import type { ImportState } from './import-state.js';
import type { AdImport } from './ad-import.js';
import { vehicleFieldsMissing, vehicleIdsCurrent } from './check-vehicle.js';
import { ImportRefusal, type AdProblem } from './errors.js';
import { adsOf, grantOf, type ImportCheck, type ParsedAd } from './request.js';
import { AD_ID_PATTERN, IMPORT_CODES } from './vocabulary.js';

/**
 * Field notes: one bad ad cancels the whole import: -4 "An ad had problems on import", `token:
 * null`, `errors: [{id, status: "error", messages: [{category: "<CODE>"}]}]`, every bad ad listed.
 * The id is the integrator's and matches `[A-Za-z0-9_{}-]{1,19}` (else UNDEFINED_AD_ID); an ad
 * without a region is NO_REGION (the sandbox's choice: a zipcode of 8 digits, as production's
 * country writes them); a delete of an id the user does not hold is UNDEFINED_AD_ID (the sandbox's
 * choice); vehicle ids are those of the current catalog (check-vehicle.ts).
 */

type AdCheck = (ad: ParsedAd, login: string, state: ImportState, adImport: AdImport) => string[];

const idValid: AdCheck = (ad) =>
  typeof ad.id === 'string' && AD_ID_PATTERN.test(ad.id) ? [] : [IMPORT_CODES.undefinedAdId];

const regionGiven: AdCheck = (ad) =>
  ad.operation === 'delete' || /^\d{5}-?\d{3}$/.test(ad.zipcode ?? '') ? [] : [IMPORT_CODES.noRegion];

const deletedAdKnown: AdCheck = (ad, login, state) =>
  ad.operation === 'insert' || typeof ad.id !== 'string' || !AD_ID_PATTERN.test(ad.id)
    ? []
    : state.ads.find(login, ad.id) === undefined
      ? [IMPORT_CODES.undefinedAdId]
      : [];

const vehicleCurrent: AdCheck = (ad, _login, _state, adImport) => vehicleIdsCurrent(ad, adImport);

/** Each ad's content checks, in the order their codes are listed. */
const AD_CHECKS: readonly AdCheck[] = [idValid, regionGiven, deletedAdKnown, vehicleCurrent];

/** -4 with every bad ad and its codes, or nothing. */
export const adsAcceptable: ImportCheck = (context) => {
  const login = grantOf(context).login;
  const problems: AdProblem[] = [];
  for (const ad of adsOf(context)) {
    const codes = AD_CHECKS.flatMap((check) => check(ad, login, context.state, context.adImport));
    if (codes.length > 0)
      problems.push({
        id: typeof ad.id === 'string' ? ad.id : null,
        status: 'error',
        messages: [...new Set(codes)].map((category) => ({ category })),
      });
  }
  if (problems.length === 0) return;
  const strictVehicle =
    context.adImport.settings.values.strictVehicleFields && adsOf(context).some(vehicleFieldsMissing);
  throw new ImportRefusal(
    'adProblems',
    problems,
    strictVehicle
      ? 'A car or motorcycle ad lacks vehicle_brand or vehicle_model, which the documentation marks optional (strict-vehicle-fields is on).'
      : undefined,
  );
};

export const CONTENT_RULES = { adsAcceptable };
