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
  /** Records that named the client without proof (a token, its secret, a code it exchanged): graded only with soleClient. */
  claimed: number;
  /** What the records that named the client without proof would fail, and whether they count (soleClient). */
  claims: Claims;
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

/**
 * The claimed-only records' part of a card: a neighbour who knows a client's id (it is in every
 * authorization URL) can name it in requests it makes, so such records count only where the
 * sandbox served this client alone (the integrator says so: soleClient). Either way the card says
 * what they would fail, so that a mistake of an authorization request no consent later proved is
 * never silent.
 */
export interface Claims {
  counted: boolean;
  /** Requirements that fail with the claimed records and pass (or are not exercised) without them. */
  wouldFail: Array<{ id: string; why: string }>;
}

export interface GradeOptions {
  dropped?: number;
  claimed?: number;
  leftOut?: number;
  since?: string;
  until?: string;
  /** The records of the window that named the client without proof (source.ts claimedRecords). */
  claimedRecords?: readonly JournalRecord[];
  /** The sandbox served this client alone: its claimed records are its own. */
  soleClient?: boolean;
  /** Page tokens answered by records left out (source.ts answeredBefore). */
  answeredBefore?: readonly string[];
}

function ordered(records: readonly JournalRecord[]): JournalRecord[] {
  return records.map(sanitizedRecord).sort((a, b) => a.seq - b.seq);
}

/** The requirements that fail in `withClaims` and not in `proven`. */
function failingOnlyWith(proven: ReportCard['lines'], withClaims: ReportCard['lines']): Claims['wouldFail'] {
  const failedWithout = new Set(
    proven.filter((line) => line.verdict.outcome === 'failed').map((line) => line.requirement.id),
  );
  return withClaims.flatMap((line) =>
    line.verdict.outcome === 'failed' && !failedWithout.has(line.requirement.id)
      ? [{ id: line.requirement.id, why: line.verdict.why }]
      : [],
  );
}

/** Grades every client requirement from one client's records (in journal order), raw secrets fingerprinted first. */
export function gradeClient(
  clientId: string,
  records: readonly JournalRecord[],
  options: GradeOptions = {},
): ReportCard {
  const proven = ordered(records);
  const claimedRecords = options.claimedRecords ?? [];
  const counted = options.soleClient === true;
  const answeredBefore = new Set(options.answeredBefore ?? []);
  const provenLines = gradeAll(proven, answeredBefore);
  // The proven records sanitized once: a card of a quarter of a million records holds no third copy.
  const withClaims =
    claimedRecords.length === 0
      ? proven
      : [...proven, ...ordered(claimedRecords)].sort((a, b) => a.seq - b.seq);
  const withClaimsLines = claimedRecords.length === 0 ? provenLines : gradeAll(withClaims, answeredBefore);
  const graded = counted ? withClaims : proven;
  return {
    clientId,
    window: {
      ...(options.since === undefined ? {} : { since: options.since }),
      ...(options.until === undefined ? {} : { until: options.until }),
    },
    records: graded.length,
    dropped: options.dropped ?? 0,
    claimed: options.claimed ?? claimedRecords.length,
    claims: { counted, wouldFail: failingOnlyWith(provenLines, withClaimsLines) },
    leftOut: options.leftOut ?? 0,
    chaos: chaosOf(graded),
    lines: counted ? withClaimsLines : provenLines,
  };
}

/**
 * Every requirement's verdict, in the catalogue's order; the ones graded last see the records the
 * failures that explain theirs hold (same-mistake.ts: one mistake, one line).
 */
function gradeAll(
  ordered: readonly JournalRecord[],
  answeredBefore: ReadonlySet<string>,
): ReportCard['lines'] {
  const graded = gradedRequirements();
  const first = new Map(
    graded
      .filter(({ last }) => !last)
      .map(({ requirement, grade }) => [
        requirement.id,
        grade(ordered, { explained: new Set(), answeredBefore }),
      ]),
  );
  return graded.map(({ requirement, grade }) => {
    const own = first.get(requirement.id);
    if (own !== undefined) return { requirement, verdict: own };
    const explained = new Set(
      [...first].flatMap(([id, verdict]) => (explains(id, requirement.id) ? seqsOf(verdict) : [])),
    );
    return { requirement, verdict: grade(ordered, { explained, answeredBefore }) };
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
