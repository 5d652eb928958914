import { appliesTo } from './settings.js';
import { ImportRefusal } from './errors.js';
import { IMPORT_CAPS } from './store.js';
import { grantOf, type ImportCheck } from './request.js';

/**
 * Field notes, the import's answer: -5 the import is unavailable, -2 "The request was blocked" (a
 * rate block), -6 "Without permission" (an account condition, seen with a valid autoupload token).
 * In the sandbox each is a switch (import-unavailable, import-blocked, import-without-permission);
 * -2 is also the answer to a user with too many ads waiting for the moderation (a rate block of
 * the sandbox's own, on a shared host).
 */

export const importAvailable: ImportCheck = (context) => {
  if (context.adImport.settings.values.unavailable) throw new ImportRefusal('unavailable');
};

export const notBlocked: ImportCheck = (context) => {
  const login = grantOf(context).login;
  const { store, settings } = context.adImport;
  if (appliesTo(settings.values.blocked, login)) throw new ImportRefusal('blocked');
  if (store.pendingOf(login) >= IMPORT_CAPS.pendingItemsPerUser)
    throw new ImportRefusal(
      'blocked',
      [],
      `The request was blocked: ${IMPORT_CAPS.pendingItemsPerUser} ads of this user are waiting for the moderation.`,
    );
  if (store.keptItemCount() >= IMPORT_CAPS.keptItems)
    throw new ImportRefusal(
      'blocked',
      [],
      `The request was blocked: the sandbox holds ${IMPORT_CAPS.keptItems} imported ads; try again later.`,
    );
};

export const withPermission: ImportCheck = (context) => {
  if (appliesTo(context.adImport.settings.values.withoutPermission, grantOf(context).login))
    throw new ImportRefusal('withoutPermission');
};

export const CONDITION_RULES = { importAvailable, notBlocked, withPermission };
