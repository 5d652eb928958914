import { SHORTEST_ALIAS } from '../resources/page-token-alias.js';
import type { RulebookPatch } from '../rules/book.js';
import type { CalibrationSettings } from './table.js';

type Rules<Area extends keyof RulebookPatch> = NonNullable<RulebookPatch[Area]>;
/** One area's patch, filled in rule by rule. */
type AreaPatch<Area extends keyof RulebookPatch> = {
  -readonly [Name in keyof Rules<Area>]?: Rules<Area>[Name];
};

function tokenPatch(settings: CalibrationSettings): AreaPatch<'token'> {
  const { tokenSuccessStatus, tokenErrorStatus, tokenExtraFields } = settings;
  const token: AreaPatch<'token'> = {};
  if (tokenSuccessStatus !== undefined) token.successStatus = () => () => tokenSuccessStatus;
  if (Object.keys(tokenErrorStatus).length > 0)
    token.errorStatus = (errorStatus) => (error, status) =>
      tokenErrorStatus[error.code] ?? errorStatus(error, status);
  if (tokenExtraFields !== undefined)
    token.tokenResponse = (shaped) => (response, issued) => {
      const sent = shaped(response, issued);
      return { ...sent, body: { ...sent.body, ...tokenExtraFields } };
    };
  return token;
}

function resourcesPatch(settings: CalibrationSettings): AreaPatch<'resources'> {
  const { listingSuccessStatus, basicInfoSuccessStatus, listingErrorStatus } = settings;
  const resources: AreaPatch<'resources'> = {};
  const alphabet = settings.pageTokenAlphabet;
  if (alphabet !== undefined) {
    const form = { alphabet, length: Math.max(SHORTEST_ALIAS, settings.pageTokenLength ?? 64) };
    resources.pageTokenForm = () => () => form;
  }
  if (listingSuccessStatus !== undefined) resources.pageStatus = () => () => listingSuccessStatus;
  if (basicInfoSuccessStatus !== undefined) resources.basicInfoStatus = () => () => basicInfoSuccessStatus;
  if (Object.keys(listingErrorStatus).length > 0)
    resources.listingStatus = (listingStatus) => (reason) =>
      listingErrorStatus[reason] ?? listingStatus(reason);
  return resources;
}

/** The deliveries carry the token in the observed header, whatever the user's policy names. */
function notificationsPatch(settings: CalibrationSettings): AreaPatch<'notifications'> {
  const header = settings.deliveryTokenHeader;
  if (header === undefined) return {};
  return {
    tokenHeaders: () => (token) => ({ [header.name]: header.bearer ? `Bearer ${token}` : token }),
  };
}

/** The settings of a calibration as one rulebook patch (its variants are turned on beside it). */
export function settingsPatch(settings: CalibrationSettings): RulebookPatch {
  const catalogs: AreaPatch<'catalogs'> = {};
  const { catalogSuccessStatus } = settings;
  if (catalogSuccessStatus !== undefined) catalogs.catalogSuccessStatus = () => () => catalogSuccessStatus;
  return {
    token: tokenPatch(settings),
    resources: resourcesPatch(settings),
    catalogs,
    notifications: notificationsPatch(settings),
  };
}
