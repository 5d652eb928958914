import type { Change } from './change.js';
import type { Observed } from './observe.js';

/** What an integrator must do about each kind of catalog change (2.6, 9: ads carry these ids). */
const CATALOG_ADVICE: Record<Change['kind'], (change: Change) => string> = {
  renumbered: (c) =>
    `replace the stored id ${show(c.before)} with ${show(c.after)}: ads carrying ${show(c.before)} are refused`,
  renamed: () => 'update the name shown to users; the id is unchanged',
  added: () => 'a new entry: offer it if wanted, nothing breaks',
  removed: (c) => `stop offering it: ads carrying id ${show(c.before)} will be refused`,
  'lookup answer': () => 'the lookup answers otherwise: check the catalog code against the new answer',
  changed: () => 'check the code that depends on it',
};

const OTHER_ADVICE: Record<string, string> = {
  changed: 'the target now answers otherwise: check the code that depends on it',
  added: 'seen for the first time: check whether the code must handle it',
  removed: 'no longer seen: code relying on it may now be dead or wrong',
};

function show(value: Observed): string {
  if (value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // A table cell: no pipe, no line break.
  return `\`${text.replace(/\|/g, '\\|').replace(/\n/g, ' ')}\``;
}

function table(changes: readonly Change[], advice: (change: Change) => string): string[] {
  return [
    '| what | change | before | after | to do |',
    '| --- | --- | --- | --- | --- |',
    ...changes.map(
      (c) =>
        `| ${c.key.replace(/\|/g, '\\|')} | ${c.kind} | ${show(c.before)} | ${show(c.after)} | ${advice(c)} |`,
    ),
  ];
}

/** reports/drift.md: a table per area, the catalog first. */
export function driftMarkdown(changes: readonly Change[], baselineDate: string): string {
  const lines = [`# Drift: ${changes.length} changes since ${baselineDate}`, ''];
  if (changes.length === 0) lines.push('The target answered as it did in the baseline.');
  const areas = [...new Set(changes.map((c) => c.area))].sort((a, b) =>
    a === 'catalog' ? -1 : b === 'catalog' ? 1 : a < b ? -1 : 1,
  );
  for (const area of areas) {
    const ofArea = changes.filter((c) => c.area === area);
    lines.push(`## ${area} (${ofArea.length})`, '');
    lines.push(
      ...table(ofArea, (c) =>
        area === 'catalog' ? CATALOG_ADVICE[c.kind](c) : (OTHER_ADVICE[c.kind] ?? ''),
      ),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The run's last line: how many changes since the baseline's date. */
export function driftLine(count: number, baselineDate: string): string {
  return `drift: ${count} changes since ${baselineDate}`;
}
