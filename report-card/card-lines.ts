import { redactText } from '../helpers/report/redact.js';
import { describeRecord, reproductionOf } from './evidence.js';
import { standingOf, type ReportCard, type Standing } from './grade.js';

/** A report card's line as every output writes it: redacted words, the evidence, its reproduction. */
export interface CardLine {
  id: string;
  title: string;
  section: string;
  area: string;
  severity: string;
  advisory?: string;
  source: string;
  standing: Standing;
  /** Why it failed, what exercised it, or why it was not exercised. */
  message: string;
  evidence: Array<{ record: string; reproduction?: string }>;
}

export const STANDING_WORD: Record<Standing, string> = {
  passed: 'PASSED',
  failed: 'FAILED',
  advisory: 'ADVISORY',
  'not exercised': 'NOT EXERCISED',
};

export function cardLines(card: ReportCard): CardLine[] {
  return card.lines.map((line) => {
    const { requirement, verdict } = line;
    const message =
      verdict.outcome === 'failed'
        ? verdict.why
        : verdict.outcome === 'passed'
          ? verdict.exercised
          : verdict.why;
    const evidence =
      verdict.outcome === 'failed'
        ? verdict.evidence.map((record) => {
            const reproduction = reproductionOf(record);
            return {
              record: describeRecord(record),
              ...(reproduction === undefined ? {} : { reproduction }),
            };
          })
        : [];
    return {
      id: requirement.id,
      title: `${requirement.id} ${requirement.text}`,
      section: requirement.section,
      area: requirement.area,
      severity: requirement.severity,
      ...(requirement.advisory === undefined ? {} : { advisory: requirement.advisory }),
      source: `${requirement.source.kind === 'sentence' ? `§${requirement.section}` : 'field notes'}: "${requirement.source.words}"`,
      standing: standingOf(line),
      message: redactText(message),
      evidence,
    };
  });
}

/** "profile a+b, seed 7; none" from the chaos the records name. */
export function chaosText(card: ReportCard): string {
  if (card.chaos.length === 0) return 'none recorded';
  return card.chaos
    .map(({ profiles, seed }) => `${profiles.join(' + ') || '(none)'}, seed ${seed}`)
    .join('; ');
}

export function countsOf(lines: readonly CardLine[]): Record<Standing, number> {
  const counts: Record<Standing, number> = { passed: 0, failed: 0, advisory: 0, 'not exercised': 0 };
  for (const line of lines) counts[line.standing] += 1;
  return counts;
}

export function countsText(lines: readonly CardLine[]): string {
  const counts = countsOf(lines);
  return `${lines.length} requirements: ${counts.passed} passed, ${counts.failed} failed, ${counts.advisory} advisory warning(s), ${counts['not exercised']} not exercised`;
}

export function windowText(card: ReportCard): string {
  return `${card.window.since ?? 'the start'} to ${card.window.until ?? 'now'}`;
}

/** The evidence as lines of text: each record, and under it how to send the request again. */
export function evidenceText(line: CardLine): string {
  return line.evidence
    .flatMap((item) => [
      item.record,
      ...(item.reproduction === undefined ? [] : [`  reproduce: ${item.reproduction}`]),
    ])
    .join('\n');
}

/** What the card did not grade: records the journal dropped, and the oldest it left out. */
export function missedText(card: ReportCard): string {
  return [
    ...(card.dropped > 0 ? [`${card.dropped} dropped by the journal (grades may miss them)`] : []),
    ...(card.leftOut > 0
      ? [
          `${card.leftOut} older record(s) left out to grade in bounded memory (narrow the window with --since)`,
        ]
      : []),
    ...(card.claimed > 0 && card.claims.counted
      ? [`${card.claimed} named this client without proof, graded as its own (--sole-client)`]
      : []),
    ...(card.claimed > 0 && !card.claims.counted
      ? [`${card.claimed} more named this client without proof (kept apart, not graded)`]
      : []),
  ].join(', ');
}

/**
 * What the records that named the client without proof would fail, said aloud whether or not
 * they count: a mistake of an authorization request that no consent later proved is never silent.
 */
export function claimsText(card: ReportCard): string[] {
  if (card.claims.wouldFail.length === 0) return [];
  const ids = card.claims.wouldFail.map((claim) => claim.id).join(', ');
  const head = card.claims.counted
    ? `Records that named this client without proof fail ${ids} (counted: --sole-client says this sandbox served this client alone):`
    : `Records that named this client without proof would fail ${ids}; not counted, since a neighbour on a shared sandbox can name any client (give --sole-client when this sandbox served this client alone, or carry the sandbox's cookie from the refused request to the consent that proves it):`;
  return [head, ...card.claims.wouldFail.map((claim) => `  ${claim.id}: ${redactText(claim.why)}`)];
}
