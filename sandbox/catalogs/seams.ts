/**
 * The places of the catalog lookups where a fault or a variant bends them. The reference does
 * nothing here: it takes the path's ids as they are and answers 200; the spec's checks and shapes
 * are the area's rules (rules.ts). A patch names a seam as it names a rule.
 */
export const CATALOGS_SEAMS = {
  /**
   * Not shown by the spec: what a lookup answers is the sandbox's data. `place` is the lookup's
   * route below the prefix (`car_info/:brandId`) and `params` its ids; a calibration answers
   * another marketplace's catalog here (sandbox/calibrate/).
   */
  lookedUp: (
    _place: string,
    _params: Readonly<Record<string, string>>,
    found: () => Readonly<Record<string, number | string>> | undefined,
  ): Readonly<Record<string, number | string>> | undefined => found(),
  /** R4.5-02: the models lookups take the ids the brand lookup answered. */
  modelsBrandId: (brandId: number): number => brandId,
  /** R4.5-02: the versions lookups take the brand id of the path, as the models lookups do. */
  versionsBrandId: (brandId: number): number => brandId,
  /** R4.5-01 (no status shown by the spec): the sandbox answers 200. */
  catalogSuccessStatus: (): number => 200,
  /**
   * Field notes: the lookups and the ad import have answered 404 to a request without a
   * browser-like User-Agent; the sandbox requires none (http/user-agent.ts, switch user-agent-404).
   */
  browserUserAgentRequired: (): boolean => false,
};
