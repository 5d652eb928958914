export type Area =
  | 'registration'
  | 'authorization'
  | 'token'
  | 'authentication'
  | 'basic-user-info'
  | 'listing'
  | 'catalogs'
  | 'notifications'
  | 'versioning'
  | 'conventions';
export type Severity = 'blocker' | 'critical' | 'normal' | 'minor';

export interface Requirement {
  /** Stable id, `R<section>-<nn>`: `grep R4.2-` finds every check of section 4.2. */
  id: string;
  /** Section of the specification the sentence stands in. */
  section: string;
  area: Area;
  severity: Severity;
  /** The normative sentence, quoted or closely paraphrased from the specification. */
  text: string;
  /**
   * Set when no black-box test can make the requirement fail through the interfaces the
   * specification and the contract offer; the reason is printed by `npm run requirements`.
   */
  untestable?: string;
  /** Set when the requirement belongs to a slice not built yet; listed apart as planned. */
  plannedFor?: string;
}
