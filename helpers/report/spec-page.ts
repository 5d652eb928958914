import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeMarkup } from './escape-markup.js';
import { headingAnchor, SPEC_FILE, SPEC_PAGE_IN_REPORT } from './spec-link.js';

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

/** Writes the specification's page into a generated report's folder, where its links point. */
export function writeSpecPage(reportDir: string): string {
  const file = join(reportDir, SPEC_PAGE_IN_REPORT);
  writeFileSync(file, specPageHtml(readFileSync(SPEC_FILE, 'utf8')));
  return file;
}
