// The triage as the reader meets it, in one order everywhere (console, job summary, report): new
// failures tonight, fixed tonight, still failing, known deviations, not exercised, flaky, then drift.
import { requirement } from '../../spec/requirements/catalogue.js';
import type { RequirementState } from './states.js';
import { testsOf, type KnownState, type Triage } from './triage.js';

export interface TriageSection {
  title: string;
  entries: string[];
  /** A section of one status line (the drift), shown after its title rather than counted. */
  inline?: boolean;
}

const SENTENCE = 70;

function headline(id: string): string {
  const found = requirement(id);
  const sentence = found.text.replace(/\.$/, '');
  const text = sentence.length > SENTENCE ? `${sentence.slice(0, SENTENCE - 1)}…` : sentence;
  return `${id} §${found.section} ${text}`;
}

function firstFailure(result: Triage, id: string): string {
  const failed = testsOf(result, id).find((test) => test.verdict === 'failed' && test.failedIds.includes(id));
  return failed === undefined ? '' : ` — ${failed.title} (${failed.where})`;
}

function expiredNote(result: Triage, id: string): string {
  const expires = result.expiredFailing.get(id);
  return expires === undefined ? '' : ` [known deviation expired on ${expires}: failing the gate again]`;
}

function failing(result: Triage, state: RequirementState): string {
  return `${headline(state.id)}: failing since ${state.since ?? '?'} (${state.nights ?? 0} nights)${expiredNote(result, state.id)}${firstFailure(result, state.id)}`;
}

function knownLine(entry: KnownState): string {
  const { requirement: id, reason, link, expires } = entry.deviation;
  switch (entry.status) {
    case 'failing, accepted':
      return `${id} known: ${reason} (${link}); expires ${expires} (${entry.days} days left)`;
    case 'no longer failing: remove it':
      return `${id} no longer failing: remove it from the known deviations (${reason})`;
    case 'not exercised tonight':
      return `${id} known, not exercised tonight; expires ${expires} (${entry.days} days left)`;
    case 'expired':
      return `${id} expired on ${expires}: no longer accepted (${reason}; ${link})`;
  }
}

/** The sections, each with its entries (none: an empty list, shown as "none"). */
export function triageSections(result: Triage, driftLine: string): TriageSection[] {
  return [
    {
      title: 'New failures tonight',
      entries: result.newFailures.map(
        (state) => `${headline(state.id)}${expiredNote(result, state.id)}${firstFailure(result, state.id)}`,
      ),
    },
    { title: 'Fixed tonight', entries: result.fixed.map((state) => headline(state.id)) },
    { title: 'Still failing', entries: result.stillFailing.map((state) => failing(result, state)) },
    { title: 'Known deviations', entries: result.known.map(knownLine) },
    {
      title: 'Not exercised tonight (was failing)',
      entries: result.notExercised.map(
        (state) =>
          `${headline(state.id)}: not exercised (was failing since ${state.since ?? '?'}; tonight ${state.verdict})`,
      ),
    },
    {
      title: 'Flaky',
      entries: result.flaky.map((state) => `${headline(state.id)}: flaky (${state.flaky ?? ''})`),
    },
    // The drift line says "drift: ..." on its own; under its title, the rest.
    { title: 'Drift', entries: driftLine === '' ? [] : [driftLine.replace(/^drift: /, '')], inline: true },
  ];
}

const CONSOLE_ENTRIES = 20;

/** The console's triage: a heading, then each section with at most 20 entries. */
export function triageText(result: Triage, sections: readonly TriageSection[]): string[] {
  const lines = [`Triage of ${result.night} (${result.nights.length} nights of requirement history):`];
  for (const { title, entries, inline } of sections) {
    if (inline === true) {
      lines.push(`  ${title}: ${entries.join('; ') || 'none'}`);
      continue;
    }
    lines.push(`  ${title}: ${entries.length === 0 ? 'none' : entries.length}`);
    for (const entry of entries.slice(0, CONSOLE_ENTRIES)) lines.push(`    ${entry}`);
    if (entries.length > CONSOLE_ENTRIES)
      lines.push(`    ... and ${entries.length - CONSOLE_ENTRIES} more (see the report)`);
  }
  return lines;
}

/** The job summary's triage: a heading a section, its entries as a list. */
export function triageMarkdown(result: Triage, sections: readonly TriageSection[]): string {
  const lines = [`## Triage of ${result.night}`, ''];
  for (const { title, entries, inline } of sections) {
    if (inline === true) {
      lines.push(`### ${title}: ${entries.join('; ') || 'none'}`, '');
      continue;
    }
    lines.push(`### ${title}${entries.length === 0 ? ': none' : ` (${entries.length})`}`, '');
    for (const entry of entries.slice(0, 50)) lines.push(`- ${entry.replace(/\s+/g, ' ')}`);
    if (entries.length > 0) lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
