/**
 * The one sanitiser of text that someone else wrote (a client's path or parameter, a marketplace's
 * catalog names in an observation, a server's answer) on its way to an output: a terminal, a
 * Markdown document, JUnit XML or an HTML page (Allure's included). Every output of both sides
 * escapes through these functions, so that a text shows as written and cannot act: move a
 * terminal's cursor or forge a line of its own (a CI log reads `::error` at column 0), close a
 * code fence, open a table cell, a heading or HTML.
 */

/** Controls (C0, DEL, C1) and the bidirectional overrides and marks, which reorder what a reader sees. */
const CONTROLS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

/**
 * For a terminal or a log: controls and bidi overrides shown as visible escapes (`\x1b`, `\x0a`,
 * `\u202e`), newlines included, so that the text stays on its line.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** The markup characters as entities; `&apos;` is XML's and HTML5's both. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * For an element or a quoted attribute of XML (JUnit) and HTML pages: the markup characters as
 * entities, and control characters dropped (XML 1.0 refuses most of them; tab, newline and carriage
 * return stay), since a server's answer quoted in a report may hold any byte.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character)
    .replace(/\p{Cc}/gu, (control) =>
      control === '\n' || control === '\t' || control === '\r' ? control : '',
    );
}

/**
 * For Markdown prose: one line (newlines become spaces), controls escaped, no HTML a renderer would
 * run, and no construct of the text's own: backticks and tildes escaped (no fence can open or
 * close, no code span), brackets escaped (no link, no image to load), no indentation (an indented code block), and a leading block marker
 * (heading, quote, list, rule) escaped.
 */
export function markdownInline(text: string): string {
  return escapeControls(text.replace(/\r\n|\r|\n/g, ' '))
    .replace(/\\/g, '\\\\')
    .replace(/[`~[\]]/g, (mark) => `\\${mark}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .trimStart()
    .replace(/^([#+\-*=_]|\d+[.)])/, '\\$1');
}

/** A Markdown table cell: inline text whose pipes cannot open another cell. */
export function markdownCell(text: string): string {
  return markdownInline(text).replace(/\|/g, '\\|');
}

/** A code fence longer than any run of backticks in the lines it holds, so that they cannot close it. */
export function markdownFence(lines: readonly string[]): string {
  const longest = Math.max(0, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Lines of a code block: each on its own line whatever it holds (controls, newlines escaped). */
export function markdownCodeLines(lines: readonly string[]): string[] {
  return lines.map(escapeControls);
}
