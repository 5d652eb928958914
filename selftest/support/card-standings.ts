import { gradeClient, standingOf } from '../../report-card/grade.js';
import type { JournalBuilder } from '../broken-clients/journal-builder.js';

/** The requirements a journal's card does not pass: failed and advisory, never the not exercised. */
export function failedIds(j: JournalBuilder): string[] {
  return gradeClient(j.clientId, j.records)
    .lines.filter((line) => standingOf(line) !== 'passed' && standingOf(line) !== 'not exercised')
    .map((line) => line.requirement.id);
}

/** One requirement's standing on a journal's card ('absent' when the card has no such line). */
export function standingOfId(j: JournalBuilder, id: string): string {
  const line = gradeClient(j.clientId, j.records).lines.find((found) => found.requirement.id === id);
  return line === undefined ? 'absent' : standingOf(line);
}
