import { escapeMarkup } from './escape-markup.js';

/**
 * The specification's Markdown as HTML blocks, for the page the report carries: the forms the
 * specification uses (headings, paragraphs, numbered and bulleted lists, tables; inline code,
 * bold, emphasis, links), its words unchanged. No rendering library: this text is the suite's own,
 * and a page built from escaped text and these few elements holds no markup of anyone else.
 */
export interface SpecBlock {
  /** The heading's text for a heading, else undefined. */
  heading?: string;
  /** The block's source text (its lines joined), what a requirement's words are looked for in. */
  text: string;
  /** Renders the block, `marks` put at the start of its first cell, item or paragraph. */
  html: (marks: string) => string;
}

/** Inline Markdown of escaped text: `code`, **bold**, *emphasis*, [text](url) to a web address. */
export function inlineHtml(text: string): string {
  const parts = text.split(/(`[^`]*`)/);
  return parts
    .map((part) => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1)
        return `<code>${escapeMarkup(part.slice(1, -1))}</code>`;
      return escapeMarkup(part)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[^\w*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
        .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>');
    })
    .join('');
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

function tableBlock(lines: readonly string[]): SpecBlock[] {
  const [head = '', , ...rows] = lines;
  const header = `<tr>${cells(head)
    .map((cell) => `<th>${inlineHtml(cell)}</th>`)
    .join('')}</tr>`;
  // Each row is a block of its own: a requirement's sentence is often one row.
  const rowBlocks = rows.map((row, index): SpecBlock => ({
    text: row,
    html: (marks) =>
      `${index === 0 ? `<table>${header}` : ''}<tr>${cells(row)
        .map((cell, at) => `<td>${at === 0 ? marks : ''}${inlineHtml(cell)}</td>`)
        .join('')}</tr>${index === rows.length - 1 ? '</table>' : ''}`,
  }));
  return rowBlocks.length > 0 ? rowBlocks : [{ text: head, html: () => `<table>${header}</table>` }];
}

const ITEM = /^\s*(?:\d+\.|[-*]) /;

function listBlocks(lines: readonly string[]): SpecBlock[] {
  const tag = /^\s*\d+\./.test(lines[0] ?? '') ? 'ol' : 'ul';
  const items: string[] = [];
  for (const line of lines) {
    if (ITEM.test(line)) items.push(line.replace(ITEM, ''));
    else items[items.length - 1] = `${items.at(-1) ?? ''} ${line.trim()}`;
  }
  return items.map((item, index) => ({
    text: item,
    html: (marks) =>
      `${index === 0 ? `<${tag}>` : ''}<li>${marks}${inlineHtml(item)}</li>${index === items.length - 1 ? `</${tag}>` : ''}`,
  }));
}

/** The blocks of a Markdown text, in order; `anchorOf` names a heading's id. */
export function specBlocks(markdown: string, anchorOf: (heading: string) => string): SpecBlock[] {
  // A heading is a block of its own, blank lines around it or not.
  const groups = markdown
    .replace(/^(#{1,6} .*)$/gm, '\n$1\n')
    .split(/\n\s*\n/)
    .map((group) => group.split('\n').filter((line) => line.trim() !== ''));
  return groups
    .filter((lines) => lines.length > 0)
    .flatMap((lines): SpecBlock[] => {
      const first = lines[0] ?? '';
      const heading = /^(#{1,6}) (.*)$/.exec(first);
      if (heading !== null && lines.length === 1) {
        const level = heading[1]?.length ?? 1;
        const title = heading[2] ?? '';
        return [
          {
            heading: title,
            text: title,
            html: (marks) =>
              `<h${level} id="${escapeMarkup(anchorOf(title))}">${marks}${inlineHtml(title)}</h${level}>`,
          },
        ];
      }
      if (lines.every((line) => line.trim().startsWith('|'))) return tableBlock(lines);
      if (ITEM.test(first)) return listBlocks(lines);
      const text = lines.join(' ');
      return [{ text, html: (marks) => `<p>${marks}${inlineHtml(text)}</p>` }];
    });
}
