import type { JournalRecord } from '../spec/journal.js';

/**
 * A requirement's grade for one client: passed (and what exercised it), failed with the records
 * that show it, or not exercised (the journal holds no occasion for it). Not exercised is never
 * counted as passed.
 */
export type Verdict =
  | { outcome: 'passed'; exercised: string }
  | {
      outcome: 'failed';
      why: string;
      evidence: readonly JournalRecord[];
      /** The seqs of every further record making the same mistake (same-mistake.ts): not shown, never failed twice. */
      alike?: readonly number[];
    }
  | { outcome: 'not exercised'; why: string };

/** What a grader graded last may know: the seqs already shown as another failure's evidence. */
export interface GradeContext {
  explained: ReadonlySet<number>;
  /** Page tokens answered by records the card left out (the oldest past its bound): answered all the same. */
  answeredBefore?: ReadonlySet<string>;
}

/** A grader: a pure function from the journal records of one client, in journal order, to a verdict. */
export type Grade = (records: readonly JournalRecord[], context?: GradeContext) => Verdict;

export function passed(exercised: string): Verdict {
  return { outcome: 'passed', exercised };
}

export function failed(why: string, ...evidence: JournalRecord[]): Verdict {
  return { outcome: 'failed', why, evidence };
}

/** Failed, shown by `evidence`, with every record that makes the same mistake (`alike`). */
export function failedAlike(
  why: string,
  evidence: JournalRecord[],
  alike: readonly JournalRecord[],
): Verdict {
  return { outcome: 'failed', why, evidence, alike: alike.map((record) => record.seq) };
}

/** One occurrence of a mistake: what the card says of it, and the records that show it. */
export interface Failure {
  why: string;
  evidence: JournalRecord[];
}

/**
 * The first occurrence shown, every later one's records kept alike (the same mistake again is no
 * second failure of another requirement); undefined when there is none.
 */
export function failedAtFirst(failures: readonly Failure[]): Verdict | undefined {
  const [first, ...rest] = failures;
  if (first === undefined) return undefined;
  return failedAlike(
    first.why,
    first.evidence,
    rest.flatMap((failure) => failure.evidence),
  );
}

/** The seqs of every record a failed verdict holds against the client: its evidence and the ones alike. */
export function seqsOf(verdict: Verdict): number[] {
  if (verdict.outcome !== 'failed') return [];
  return [...verdict.evidence.map((record) => record.seq), ...(verdict.alike ?? [])];
}

export function notExercised(why: string): Verdict {
  return { outcome: 'not exercised', why };
}

/** Passed when something exercised the requirement, else not exercised; `what` counts it. */
export function passedIf(count: number, what: string, absent: string): Verdict {
  return count > 0 ? passed(`${count} ${what}`) : notExercised(absent);
}
