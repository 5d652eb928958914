import type { Ad } from '../store/ads.js';

/**
 * The places of the resource server where a fault or a variant bends it. The reference does
 * nothing here: it passes the value on or gives the one status it always gives; the spec's checks
 * and shapes are the area's rules (rules.ts). A patch names a seam as it names a rule.
 */
export const RESOURCES_SEAMS = {
  /** R4.4-05, R4.4-06: the ads of the asked status, or of every status when none is asked. */
  listingFilter: (requested: string | undefined): string | undefined => requested,
  /** R3-01: every ad is listed, whatever its status (the set of statuses can grow). */
  listedAds: (ads: readonly Ad[]): readonly Ad[] => ads,
  /** R2.5-01, R4.4-02: the next page starts right after this one: nothing repeated, nothing skipped. */
  nextPosition: (end: number): number => end,
  /** R4.4-07: a page is HTTP 200. */
  pageStatus: ((): number => 200) as (more: boolean) => number,
  /** Not shown by the spec: basic user info answers 200. */
  basicInfoStatus: (): number => 200,
  /**
   * A JSON body under a form or text Content-Type is read as JSON at the body-token endpoints
   * (basic user info, the catalogs): the official PHP client and the documentation's PHP sample
   * send one so; the switch strict-content-type refuses it (415, section 4: "all bodies are JSON").
   */
  jsonUnderOtherMediaType: (): boolean => true,
};
