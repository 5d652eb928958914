import { SECTION_3_STATUSES } from '../../spec/ad-status.js';
import type { SeededAd } from './control-client.js';

/** A status outside section 3, as a growing status set may bring (the field notes list `sold`). */
export const STATUS_OUTSIDE_SECTION_3 = 'sold';

/**
 * An account like a real one, for the invariants that hold on any account: the four statuses of
 * section 3 and one outside it, a list_id on two ads of three (the third never published), and every
 * seventh id made only of digits (ids are the integrator's, 2.5). The checks are never told these ads.
 */
export function mixedAds(count: number, prefix = 'acct'): SeededAd[] {
  const statuses = [...SECTION_3_STATUSES, STATUS_OUTSIDE_SECTION_3];
  return Array.from({ length: count }, (_, index) => ({
    id: index % 7 === 3 ? String(700000 + index) : `${prefix}-${index}`,
    status: statuses[index % statuses.length] as string,
    ...(index % 3 === 0 ? {} : { list_id: String(500000 + index) }),
  }));
}
