import type { Severity } from './types.js';

/**
 * What binds an integrator's client, a family apart from the server's requirements: the report card
 * (`classifieds-conformance client-report`) grades a client against these from the sandbox's
 * journal. Ids are `C<section>-<nn>` (`CFN-<nn>` for a fact of the field notes), so they never
 * collide with the server's `R` ids, and the server's coverage tools never count them.
 */
export interface ClientRequirement {
  /** Stable id: `C4.4-01`; the section of the sentence, or `FN` for the field notes. */
  id: string;
  /** Section of the specification, or `field notes`. */
  section: string;
  area: 'authorization' | 'token' | 'listing' | 'catalogs' | 'notifications' | 'conventions';
  severity: Severity;
  /** What the client must do, as the report card prints it. */
  text: string;
  /** The specification's sentence or the field notes' fact it comes from, quoted. */
  source: { kind: 'sentence' | 'field notes'; words: string };
  /** Set when the grade enforces an interpretation: reported as a warning, never in the exit code. */
  advisory?: string;
}
