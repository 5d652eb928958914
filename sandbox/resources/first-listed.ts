import type { Ad } from '../store/ads.js';

/**
 * For the faults and variants that take the listing off the path of a changed ad: the status each
 * ad had when the listing first showed it, per sandbox (each fault or variant start makes its own).
 */
export class FirstListed {
  private readonly statuses = new WeakMap<Ad, string>();

  /** Notes the ads not listed before, with the status they have now. */
  note(ads: readonly Ad[]): void {
    for (const ad of ads) if (!this.statuses.has(ad)) this.statuses.set(ad, ad.status);
  }

  /** The status the ad had when first listed (its own, if never listed). */
  statusOf(ad: Ad): string {
    return this.statuses.get(ad) ?? ad.status;
  }

  /** Whether the ad's status changed since the listing first showed it. */
  changed(ad: Ad): boolean {
    return this.statusOf(ad) !== ad.status;
  }
}
