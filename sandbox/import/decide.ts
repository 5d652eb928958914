import { createHash } from 'node:crypto';
import type { ImportSettingValues } from './settings.js';
import { IMPORT_CODES, REFUSAL_CODES } from './vocabulary.js';

/**
 * The sandbox's moderation (outside the field notes, which say only that ads are accepted or
 * refused with a `reason_tag`): what an insert becomes, decided in this order and stated in
 * docs/sandbox-import.md:
 * 1. an id of the import-refused-ids setting: refused, REFUSED_GENERIC;
 * 2. the ad's own `params.sandbox_moderation`: "accept" (published), "review" (held in
 *    pending_review), "refuse" (REFUSED_GENERIC), "refuse:<code>" (one of REFUSAL_CODES) or
 *    "status:<status>" (the ad given that status, as the marketplace gives statuses of its own:
 *    `sold`, `expired` and the others of the field notes, or one section 3 does not list yet, since
 *    the set can grow), so that an integrator's test can ask for the outcome it needs (any other
 *    value is ignored);
 * 3. a draw against import-refusal-rate, made from the seed, the user, the id and how many times
 *    the id was imported: the same seed gives the same decisions, whatever the order of requests;
 * 4. else published.
 */

export type Decision =
  | { status: 'published' }
  | { status: 'pending_review' }
  | { status: 'refused'; reasonTag: string }
  | { status: 'set'; adStatus: string };

/** The ask for a status of the marketplace's own: `status:` and the status, up to the params' 256 characters. */
const STATUS_ASK = 'status:';

/** A uniform number in [0, 1) from the inputs alone (never Math.random). */
export function seededDraw(...inputs: readonly (string | number)[]): number {
  const digest = createHash('sha256').update(inputs.join('\n')).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

function triggered(trigger: string | undefined): Decision | undefined {
  if (trigger === 'accept') return { status: 'published' };
  if (trigger === 'review') return { status: 'pending_review' };
  if (trigger === 'refuse') return { status: 'refused', reasonTag: IMPORT_CODES.refusedGeneric };
  if (trigger?.startsWith(STATUS_ASK) === true && trigger.length > STATUS_ASK.length)
    return { status: 'set', adStatus: trigger.slice(STATUS_ASK.length) };
  const code = trigger?.startsWith('refuse:') === true ? trigger.slice('refuse:'.length) : undefined;
  return code !== undefined && (REFUSAL_CODES as readonly string[]).includes(code)
    ? { status: 'refused', reasonTag: code }
    : undefined;
}

export function decide(
  ad: { login: string; id: string; trigger?: string; imports: number },
  settings: Readonly<ImportSettingValues>,
): Decision {
  if (settings.refusedIds.includes(ad.id))
    return { status: 'refused', reasonTag: IMPORT_CODES.refusedGeneric };
  const asked = triggered(ad.trigger);
  if (asked !== undefined) return asked;
  if (seededDraw(settings.seed, ad.login, ad.id, ad.imports) < settings.refusalRate)
    return { status: 'refused', reasonTag: IMPORT_CODES.refusedGeneric };
  return { status: 'published' };
}
