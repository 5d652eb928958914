// The requirements page of the report (requirements.html beside its index.html, and attached to
// the report's triage entry): tonight's triage, then every requirement in the specification's
// order with its tests, tonight's verdict and its last nights as a row of marks.
import { escapeMarkup } from '../../helpers/report/escape-markup.js';
import { redactText } from '../../helpers/report/redact.js';
import { sectionTitle } from '../../helpers/report/spec-link.js';
import { REQUIREMENTS } from '../../spec/requirements/catalogue.js';
import type { Verdict } from './night.js';
import type { TriageSection } from './render.js';
import { testsOf, type Triage } from './triage.js';

export const REQUIREMENTS_PAGE = 'requirements.html';
/** Marks a row shows: the last nights, tonight last. */
const MARKS = 14;

function escape(text: string): string {
  return escapeMarkup(redactText(text));
}

const MARK: Readonly<Record<Verdict, { symbol: string; colour: string }>> = {
  passed: { symbol: '●', colour: '#2e9d4a' },
  failed: { symbol: '✖', colour: '#d12f2f' },
  broken: { symbol: '▲', colour: '#d9822b' },
  advisory: { symbol: '◆', colour: '#c9a400' },
  skipped: { symbol: '○', colour: '#8a8a8a' },
  'not run': { symbol: '·', colour: '#bdbdbd' },
};

function mark(verdict: Verdict, night: string): string {
  const { symbol, colour } = MARK[verdict];
  return `<span class="mark" style="color:${colour}" title="${escape(`${night}: ${verdict}`)}" data-verdict="${verdict}">${symbol}</span>`;
}

/** The triage's sections as HTML, for the page and for the report's triage entry. */
export function triageHtml(result: Triage, sections: readonly TriageSection[]): string {
  const parts = sections.map(({ title, entries, inline }) => {
    if (inline === true)
      return `<section class="triage" data-section="${escape(title)}"><h3>${escape(title)}: ${escape(entries.join('; ') || 'none')}</h3></section>`;
    const items = entries.map((entry) => `<li>${escape(entry)}</li>`).join('');
    return `<section class="triage" data-section="${escape(title)}"><h3>${escape(title)}: ${entries.length === 0 ? 'none' : entries.length}</h3>${items === '' ? '' : `<ul>${items}</ul>`}</section>`;
  });
  return `<h2>Triage of ${escape(result.night)}</h2>${parts.join('')}`;
}

/** The requirement's state, or what its known deviation makes of it. */
function stateText(result: Triage, id: string): string {
  const known = result.known.find((entry) => entry.deviation.requirement === id);
  const state = result.states.find((found) => found.id === id);
  if (known === undefined) return `${state?.kind ?? ''}${state?.flaky === undefined ? '' : ', flaky'}`;
  return known.status === 'expired'
    ? `known deviation expired on ${known.deviation.expires}`
    : `known deviation (${known.status}; until ${known.deviation.expires})`;
}

function requirementRow(result: Triage, id: string): string {
  const state = result.states.find((found) => found.id === id);
  const nights = result.nights.slice(-MARKS);
  const marks = (state?.marks ?? [])
    .slice(-MARKS)
    .map((verdict, index) => mark(verdict, nights[index]?.night ?? ''));
  const tests = testsOf(result, id)
    .map(
      (test) =>
        `<li>${mark(test.verdict, test.where)} ${escape(test.title)}${test.flaky ? ' <b>(flaky: passed on retry)</b>' : ''}</li>`,
    )
    .join('');
  const text = REQUIREMENTS.find((found) => found.id === id)?.text ?? '';
  return [
    `<tr data-requirement="${escape(id)}" data-verdict="${state?.verdict ?? 'not run'}">`,
    `<td><b>${escape(id)}</b></td><td>${escape(text)}</td>`,
    `<td>${mark(state?.verdict ?? 'not run', result.night)} ${escape(state?.verdict ?? 'not run')}<br><small>${escape(stateText(result, id))}</small></td>`,
    `<td class="marks">${marks.join('')}</td>`,
    `<td>${tests === '' ? '<small>no test ran</small>' : `<ul>${tests}</ul>`}</td></tr>`,
  ].join('');
}

function requirementsTable(result: Triage): string {
  const rows: string[] = [];
  let section = '';
  for (const found of REQUIREMENTS) {
    if (found.section !== section) {
      section = found.section;
      rows.push(`<tr class="section"><th colspan="5">${escape(sectionTitle(section))}</th></tr>`);
    }
    rows.push(requirementRow(result, found.id));
  }
  return `<table><thead><tr><th>requirement</th><th>sentence</th><th>tonight</th><th>last ${MARKS} nights (tonight last)</th><th>tests</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const LEGEND = Object.entries(MARK)
  .map(([verdict, { symbol, colour }]) => `<span style="color:${colour}">${symbol}</span> ${verdict}`)
  .join(' &nbsp; ');

const STYLE = `body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:4px 8px;vertical-align:top;text-align:left}
tr.section th{background:#eef2f7;font-size:15px;padding-top:10px}.mark{font-size:15px;margin-right:2px}
ul{margin:0;padding-left:1.2em}section.triage h3{margin:.6em 0 .2em;font-size:15px}`;

/** The whole page, self-contained (it opens from a downloaded report folder, file:// included). */
export function requirementsPage(result: Triage, sections: readonly TriageSection[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Requirements: ${escape(result.night)}</title><style>${STYLE}</style></head><body>
<h1>Requirements of the specification, ${escape(result.night)}</h1>
${triageHtml(result, sections)}
<h2>Every requirement</h2><p>${LEGEND}</p>
${requirementsTable(result)}
</body></html>
`;
}
