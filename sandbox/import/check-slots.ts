import { ImportRefusal } from './errors.js';
import { IMPORT_CAPS } from './store.js';
import { adsOf, grantOf, type ImportCheck } from './request.js';

/**
 * Field notes: -7 and -8, not enough ad slots. The sandbox's choices (docs/sandbox-import.md): a
 * user's slots are the import-ad-slots setting (no limit by default); a slot is held by each ad
 * published or in review and by each ad of an import still waiting for the moderation; -7 when no slot is
 * free, -8 when some are but fewer than the import's inserts of ads not live now. Past the
 * sandbox's own bound of ids one user may bring in (IMPORT_CAPS.adsPerUser), -8 says so. -7's
 * `statusMessage` is the documentation's, with its numbers ("Trying to import <n> ad(s), but user
 * just have slot for <f> more.").
 */

const LIVE_STATUSES = ['published', 'pending_review'];

export const enoughSlots: ImportCheck = (context) => {
  const login = grantOf(context).login;
  const { state, adImport } = context;
  const inserts = adsOf(context).filter((ad) => ad.operation === 'insert' && typeof ad.id === 'string');
  const newIds = inserts.filter((ad) => adImport.store.ad(login, ad.id as string) === undefined).length;
  if (adImport.store.adCount(login) + newIds > IMPORT_CAPS.adsPerUser)
    throw new ImportRefusal(
      'fewerSlots',
      [],
      `Not enough ad slots: the sandbox takes at most ${IMPORT_CAPS.adsPerUser} ads of one user through the import.`,
    );
  const slots = adImport.settings.values.adSlots;
  if (slots === null) return;
  const live = (id: string): boolean => LIVE_STATUSES.includes(state.ads.find(login, id)?.status ?? '');
  const used =
    LIVE_STATUSES.reduce((sum, status) => sum + state.ads.view(login, status).length, 0) +
    adImport.store.pendingOf(login);
  const needed = inserts.filter((ad) => !live(ad.id as string)).length;
  if (needed === 0) return;
  if (used >= slots)
    throw new ImportRefusal(
      'noSlots',
      [],
      undefined,
      `Trying to import ${needed} ad(s), but user just have slot for ${Math.max(0, slots - used)} more.`,
    );
  if (used + needed > slots) throw new ImportRefusal('fewerSlots');
};

export const SLOT_RULES = { enoughSlots };
