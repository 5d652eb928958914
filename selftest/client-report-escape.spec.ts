import { expect, test } from '@playwright/test';
import { cardLines } from '../report-card/card-lines.js';
import { consoleSummary } from '../report-card/console-summary.js';
import { gradeClient } from '../report-card/grade.js';
import { markdownCard } from '../report-card/markdown.js';
import { fp, JournalBuilder } from './broken-clients/journal-builder.js';

/**
 * A client's text reaches the card (a path, a reason, a parameter): its console output and its
 * Markdown show control characters as escapes, and the text can close neither a code fence nor a
 * table cell, nor open HTML.
 */
const HOSTILE_PATH =
  '/autoupload/published\u001b[31m|red\u0007\n```\n# not a heading <script>x</script>\u202e';

function hostileCard() {
  const j = new JournalBuilder('client-hostile');
  j.request({
    endpoint: 'listing',
    method: 'POST',
    path: HOSTILE_PATH,
    credentials: { body_token: fp('token') },
    status: 200,
    reason: 'OK\u001b]0;title\u0007|``` ',
  });
  const card = gradeClient(j.clientId, j.records);
  return { card, lines: cardLines(card) };
}

/** The control characters (but newline) and bidi overrides a text holds raw. */
function rawControls(text: string): string[] {
  return Array.from(text).filter((character) => {
    const code = character.codePointAt(0) ?? 0;
    if (character === '\n') return false;
    return (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    );
  });
}

test.describe("the card's outputs neutralise a client's text", () => {
  test('the console shows control characters as escapes: no ESC, no BEL, no bidi override', () => {
    const { card, lines } = hostileCard();
    const text = consoleSummary(card, lines);
    expect(text).toMatch(/FAILED\s+C9-01/);
    expect(rawControls(text)).toEqual([]);
    expect(text).toContain('\\x1b[31m');
    expect(text).toContain('\\x07');
    expect(text).toContain('\\u202e');
  });

  test("the Markdown: no control character, the evidence's fence outlasts the text's backticks, a row stays one row", () => {
    const { card, lines } = hostileCard();
    const markdown = markdownCard(card, lines);
    expect(rawControls(markdown)).toEqual([]);
    const outsideFences = markdown.split(/^`{3,}text$[\s\S]*?^`{3,}$/m).join('');
    expect(outsideFences).not.toContain('<script>');
    expect(markdown.split('\n').filter((line) => line.startsWith('# '))).toHaveLength(1);
    const row = markdown.split('\n').find((line) => line.startsWith('| FAILED | C9-01 |')) ?? '';
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(6);
    const fenceOpen = markdown.split('\n').find((line) => /^`{3,}text$/.test(line)) ?? '';
    const fence = fenceOpen.replace('text', '');
    expect(fence.length).toBeGreaterThan(3);
    const body = markdown.slice(markdown.indexOf(fenceOpen) + fenceOpen.length);
    const closing = body.split('\n').findIndex((line) => /^`{3,}\s*$/.test(line));
    expect(body.split('\n')[closing]).toBe(fence);
  });
});
