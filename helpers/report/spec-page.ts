import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeMarkup } from './escape-markup.js';
import { requirementBlocks } from './spec-anchors.js';
import { specBlocks } from './spec-markdown.js';
import { REQUIREMENTS } from '../../spec/requirements/catalogue.js';
import {
  headingAnchor,
  requirementTitle,
  requirementUrl,
  SECTION_HEADINGS,
  sectionTitle,
  sectionUrl,
  SPEC_FILE,
  SPEC_PAGE_IN_REPORT,
  specUrl,
} from './spec-link.js';

/** Marks of the requirements whose sentence a block holds: each an anchor the report links to. */
function requirementMarks(ids: readonly string[]): string {
  return ids
    .map(
      (id) =>
        `<a class="requirement" id="${escapeMarkup(id)}" href="#${escapeMarkup(id)}">${escapeMarkup(id)}</a> `,
    )
    .join('');
}

const STYLE = [
  'body{font:15px/1.55 system-ui,sans-serif;max-width:110ch;margin:2em auto;padding:0 1em}',
  'table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}',
  'code{font:13px ui-monospace,monospace;background:#f3f3f3;padding:0 .2em}',
  'a.requirement{font:11px ui-monospace,monospace;color:#555;text-decoration:none;border:1px solid #bbb;border-radius:3px;padding:0 .2em}',
  ':is(p,li,tr,h1,h2,h3,h4):has(a.requirement:target){background:#fff3b0;outline:2px solid #e0b400}',
].join('');

/**
 * The specification as one HTML page: its Markdown rendered (spec-markdown.ts), nothing reworded,
 * each heading given the anchor GitHub gives it, and each requirement's sentence (the paragraph,
 * item or table row that holds it: spec-anchors.ts) an anchor named by the requirement's id, so
 * that the report's links (`classifieds-api.html#R4.2-08`) open at the sentence a test checks.
 */
export function specPageHtml(markdown: string): string {
  const blocks = specBlocks(markdown, headingAnchor);
  const idsAt = new Map<number, string[]>();
  for (const [id, index] of requirementBlocks(blocks)) idsAt.set(index, [...(idsAt.get(index) ?? []), id]);
  const body = blocks.map((block, index) => block.html(requirementMarks(idsAt.get(index) ?? []))).join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Classifieds Integration API: specification</title>',
    `<style>${STYLE}</style>`,
    `</head><body>${body}</body></html>`,
    '',
  ].join('\n');
}

/**
 * Writes the specification's page into a generated report's folder, where its links point, and
 * makes the report's links to it links (linkSpecSections).
 */
export function writeSpecPage(reportDir: string): string {
  const file = join(reportDir, SPEC_PAGE_IN_REPORT);
  writeFileSync(file, specPageHtml(readFileSync(SPEC_FILE, 'utf8')));
  linkSpecSections(join(reportDir, 'index.html'));
  return file;
}

/** Marks the report's index.html as carrying the script, so a second generation adds none. */
const SCRIPT_MARK = 'data-spec-links';

/**
 * Allure's report shows a link only when its URL is absolute (http, https, mailto, tel): the
 * links to the page the report carries (`classifieds-api.html#4-2-…`, relative so that they
 * resolve wherever the report is opened, file:// included) were shown as plain text. This script,
 * added to the report's index.html, makes each such text a link to its section, resolved against
 * the report's own address; a SPEC_URL, absolute, is linked by Allure itself and left alone.
 */
export function specLinkScript(base: string = specUrl()): string {
  const targets = Object.fromEntries([
    ...Object.keys(SECTION_HEADINGS).map((section): [string, string] => [
      sectionTitle(section),
      sectionUrl(section, base),
    ]),
    ...REQUIREMENTS.map((found): [string, string] => [
      requirementTitle(found.id),
      requirementUrl(found.id, base),
    ]),
  ]);
  return `<script ${SCRIPT_MARK}>(function () {
  var targets = ${JSON.stringify(targets).replace(/</g, '\\u003c')};
  function link() {
    document.querySelectorAll('[data-testid="test-result-meta-link"]').forEach(function (row) {
      var label = row.lastElementChild;
      if (label === null || row.querySelector('a') !== null) return;
      var target = targets[label.textContent.trim()];
      if (target === undefined) return;
      var anchor = document.createElement('a');
      anchor.href = new URL(target, location.href).href;
      anchor.target = '_blank';
      anchor.rel = 'noopener';
      // The text nodes move into the link, so the report's own updates still reach them.
      while (label.firstChild !== null) anchor.appendChild(label.firstChild);
      label.appendChild(anchor);
    });
  }
  new MutationObserver(link).observe(document.documentElement, { childList: true, subtree: true });
  link();
})();</script>`;
}

/** Adds specLinkScript to a generated report's index.html when its links are relative (no SPEC_URL). */
export function linkSpecSections(indexFile: string, base: string = specUrl()): void {
  if (/^[a-z][a-z0-9+.-]*:/i.test(base) || !existsSync(indexFile)) return;
  const html = readFileSync(indexFile, 'utf8');
  if (html.includes(SCRIPT_MARK)) return;
  const at = html.lastIndexOf('</body>');
  const script = specLinkScript(base);
  writeFileSync(indexFile, at === -1 ? `${html}${script}` : `${html.slice(0, at)}${script}${html.slice(at)}`);
}
