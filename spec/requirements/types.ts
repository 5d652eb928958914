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

/**
 * The answer to "would such a server fail the check?": `no`, or `no:`/`yes:` with the case. A
 * `yes` is a check to fix (or a sentence of the specification that such a server breaks).
 */
export type Verdict = 'no' | `no: ${string}` | `yes: ${string}`;

/** The three questions every check answers. */
interface CheckQuestions {
  /** Would a server that follows RFC 6749 / RFC 9700 where the specification is silent fail it? */
  rfcServerFails: Verdict;
  /** Would a server doing what ../shared/field-notes.md says production does fail it? */
  productionFails: Verdict;
}

/**
 * What the requirement's check enforces. A `sentence` quotes the specification's words; an
 * `interpretation` says why it is one, and the check is then advisory or accepts every
 * defensible answer.
 */
export type CheckBasis =
  | (CheckQuestions & { kind: 'sentence'; words: string })
  | (CheckQuestions & {
      kind: 'interpretation';
      reason: string;
      handling: 'advisory' | 'accepts every defensible answer';
    });

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
  /** The basis of its check, and the answers to the audit's questions. */
  check: CheckBasis;
}
