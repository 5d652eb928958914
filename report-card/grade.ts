import type { JournalRecord } from '../spec/journal.js';
import type { ClientRequirement } from '../spec/requirements/client.js';
import { gradedRequirements } from './graders/index.js';
import { explains } from './same-mistake.js';
import { sanitizedRecord } from './sanitize.js';
import { seqsOf, type Verdict } from './verdict.js';

/** One client's report card: each requirement's verdict, and what chaos had on. */
export interface ReportCard {
  clientId: string;
  window: { since?: string; until?: string };
  records: number;
  /** Records the journal dropped (its ring is bounded): the grades may miss them. */
  dropped: number;
  /** Records that named the client without proof (a token, its secret, a code it exchanged): never graded. */
  claimed: number;
  /** The client's oldest records of the window the card left out to stay in bounded memory. */
  leftOut: number;
  /** Each chaos set-up that was on for the client, as its records name it. */
  chaos: Array<{ profiles: string[]; seed: number }>;
  lines: Array<{ requirement: ClientRequirement; verdict: Verdict }>;
}

/** The distinct chaos set-ups named by the records, in the order they first appear. */
function chaosOf(records: readonly JournalRecord[]): ReportCard['chaos'] {
  const seen = new Map<string, { profiles: string[]; seed: number }>();
  for (const record of records)
    if (record.chaos !== undefined)
      seen.set(`${record.chaos.profiles.join('+')}#${record.chaos.seed}`, record.chaos);
  return [...seen.values()];
}

/** Grades every client requirement from one client's records (in journal order), raw secrets fingerprinted first. */
export function gradeClient(
  clientId: string,
  records: readonly JournalRecord[],
  options: { dropped?: number; claimed?: number; leftOut?: number; since?: string; until?: string } = {},
): ReportCard {
  const ordered = records.map(sanitizedRecord).sort((a, b) => a.seq - b.seq);
  return {
    clientId,
    window: {
      ...(options.since === undefined ? {} : { since: options.since }),
      ...(options.until === undefined ? {} : { until: options.until }),
    },
    records: ordered.length,
    dropped: options.dropped ?? 0,
    claimed: options.claimed ?? 0,
    leftOut: options.leftOut ?? 0,
    chaos: chaosOf(ordered),
    lines: gradeAll(ordered),
  };
}

/**
 * Every requirement's verdict, in the catalogue's order; the ones graded last see the records the
 * failures that explain theirs hold (same-mistake.ts: one mistake, one line).
 */
function gradeAll(ordered: readonly JournalRecord[]): ReportCard['lines'] {
  const graded = gradedRequirements();
  const first = new Map(
    graded.filter(({ last }) => !last).map(({ requirement, grade }) => [requirement.id, grade(ordered)]),
  );
  return graded.map(({ requirement, grade }) => {
    const own = first.get(requirement.id);
    if (own !== undefined) return { requirement, verdict: own };
    const explained = new Set(
      [...first].flatMap(([id, verdict]) => (explains(id, requirement.id) ? seqsOf(verdict) : [])),
    );
    return { requirement, verdict: grade(ordered, { explained }) };
  });
}

export type Standing = 'passed' | 'failed' | 'advisory' | 'not exercised';

/** How a line stands: a failed advisory requirement is a warning, never a failure. */
export function standingOf(line: ReportCard['lines'][number]): Standing {
  if (line.verdict.outcome !== 'failed') return line.verdict.outcome;
  return line.requirement.advisory === undefined ? 'failed' : 'advisory';
}

/** The ids of the card's requirements that stand so, in the card's order. */
export function idsStanding(card: ReportCard, standing: Standing): string[] {
  return card.lines.filter((line) => standingOf(line) === standing).map((line) => line.requirement.id);
}

/** 1 on a failed requirement (not an advisory one); with `requireExercised`, also on one not exercised. */
export function exitCodeOf(card: ReportCard, requireExercised: boolean): number {
  const standings = card.lines.map(standingOf);
  if (standings.includes('failed')) return 1;
  return requireExercised && standings.includes('not exercised') ? 1 : 0;
}
