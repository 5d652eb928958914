import { expect, test } from '@playwright/test';
import {
  escapeControls,
  markdownCell,
  markdownCodeLines,
  markdownFence,
  markdownInline,
} from '../spec/output-text.js';

/**
 * The one sanitiser (spec/output-text.ts) of text someone else wrote on its way to a terminal or
 * Markdown: it shows as written and cannot act. A client's text in the card's Markdown could open a
 * fence (a line of its own starting with backticks) and so put the evidence outside its fence; an
 * observation's catalog names printed by `sandbox --like` wrote raw ESC characters and forged
 * `::error` lines at column 0 of a CI log (the banner now escapes through escapeControls, and the
 * observation's reader refuses such text before).
 */
const HOSTILE =
  'ok\n```\n# heading\n    indented\n~~~\n<b>x</b> [link](http://x) \u001b[31m\u2028::error::forged';

test('Markdown prose: one line, no fence, heading, indented code, HTML or link can start from the text', () => {
  const line = markdownInline(`\n${HOSTILE}`);
  expect(line).not.toContain('\n');
  expect(line).not.toMatch(/^\s/);
  expect(line).not.toMatch(/^#/);
  // Every backtick, tilde and bracket escaped: no fence, code span or link can form.
  expect(line.replace(/\\\\/g, '').match(/(^|[^\\])[`~[\]]/)).toBeNull();
  expect(line).not.toContain('<b>');
  expect(line).toContain('\\\\x1b\\[31m');
  expect(markdownInline('# title')).toBe('\\# title');
  expect(markdownCell('a|b')).toBe('a\\|b');
});

test("a code block's lines stay inside its fence, whatever backticks and newlines they hold", () => {
  const lines = markdownCodeLines(HOSTILE.split('\n').concat('````', 'a ``` b'));
  const fence = markdownFence(lines);
  expect(fence).toBe('`````');
  const document = [`${fence}text`, ...lines, fence].join('\n').split('\n');
  const closes = new RegExp(`^ {0,3}\`{${fence.length},}\\s*$`);
  const closing = document.findIndex((line, index) => index > 0 && closes.test(line));
  expect(closing).toBe(document.length - 1);
  expect(document.join('\n')).not.toContain('\u001b');
});

test('a terminal line: controls, newlines and line separators as visible escapes', () => {
  expect(escapeControls('a\u001b[2J\nb\u2028c\u202e')).toBe('a\\x1b[2J\\x0ab\\u2028c\\u202e');
});
