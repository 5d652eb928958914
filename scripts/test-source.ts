// The source text of one test call, found from the location Playwright's `--list` gives: what the
// forecast of scripts/mode-forecast.ts reads to see which optional actor or variable a test uses.
import { readFileSync } from 'node:fs';

const QUOTES = new Set(["'", '"', '`']);

/** The offset just past the string that opens at `start` (a crude scan: escapes, no nesting). */
function pastString(text: string, start: number): number {
  const quote = text[start];
  let at = start + 1;
  while (at < text.length && text[at] !== quote) at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** The offset just past the parenthesis that closes the one at `open`. */
function pastClosing(text: string, open: number): number {
  let depth = 0;
  let at = open;
  while (at < text.length) {
    const char = text[at] ?? '';
    if (QUOTES.has(char)) {
      at = pastString(text, at);
      continue;
    }
    if (char === '/' && text[at + 1] === '/') {
      at = text.indexOf('\n', at);
      if (at === -1) return text.length;
      continue;
    }
    if (char === '(') depth += 1;
    if (char === ')' && --depth === 0) return at + 1;
    at += 1;
  }
  return text.length;
}

/** The text of the call that starts at 1-based `line` and `column` of `file`: the test's title, details and body. */
export function testCallText(file: string, line: number, column: number): string {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, found) => sum + found.length + 1, 0) + column - 1;
  const open = text.indexOf('(', start);
  return open === -1 ? '' : text.slice(start, pastClosing(text, open));
}
