import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeMarkup } from './escape-markup.js';
import {
  headingAnchor,
  SECTION_HEADINGS,
  sectionTitle,
  sectionUrl,
  SPEC_FILE,
  SPEC_PAGE_IN_REPORT,
  specUrl,
} from './spec-link.js';

/**
 * The specification as one HTML page: its Markdown text as written (no rendering library, nothing
 * reworded), each heading given the anchor GitHub gives it, so that the report's links
 * (`classifieds-api.html#42-exchange-code-for-access-token`) open at their section.
 */
export function specPageHtml(markdown: string): string {
  const body = markdown
    .split('\n')
    .map((line) => {
      const heading = /^#{1,6} (.*)$/.exec(line);
      const escaped = escapeMarkup(line);
      return heading === null ? escaped : `<b id="${headingAnchor(heading[1] ?? '')}">${escaped}</b>`;
    })
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Classifieds Integration API: specification</title>',
    '<style>pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;max-width:110ch;margin:2em auto}</style>',
    `</head><body><pre>${body}</pre></body></html>`,
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
  const targets = Object.fromEntries(
    Object.keys(SECTION_HEADINGS).map((section) => [sectionTitle(section), sectionUrl(section, base)]),
  );
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
