import type { JournalRecord } from '../spec/journal.js';

/**
 * A requirement's grade for one client: passed (and what exercised it), failed with the records
 * that show it, or not exercised (the journal holds no occasion for it). Not exercised is never
 * counted as passed.
 */
export type Verdict =
  | { outcome: 'passed'; exercised: string }
  | { outcome: 'failed'; why: string; evidence: readonly JournalRecord[] }
  | { outcome: 'not exercised'; why: string };

/** What a grader graded last may know: the seqs already shown as another failure's evidence. */
export interface GradeContext {
  explained: ReadonlySet<number>;
}

/** A grader: a pure function from the journal records of one client, in journal order, to a verdict. */
export type Grade = (records: readonly JournalRecord[], context?: GradeContext) => Verdict;

export function passed(exercised: string): Verdict {
  return { outcome: 'passed', exercised };
}

export function failed(why: string, ...evidence: JournalRecord[]): Verdict {
  return { outcome: 'failed', why, evidence };
}

export function notExercised(why: string): Verdict {
  return { outcome: 'not exercised', why };
}

/** Passed when something exercised the requirement, else not exercised; `what` counts it. */
export function passedIf(count: number, what: string, absent: string): Verdict {
  return count > 0 ? passed(`${count} ${what}`) : notExercised(absent);
}
