import { REQUIREMENTS } from '../../spec/requirements/catalogue.js';
import type { Requirement } from '../../spec/requirements/types.js';
import type { SpecBlock } from './spec-markdown.js';

/**
 * Where each requirement's sentence stands in the specification: the block (a paragraph, a list
 * item, a table row) that holds the words its check quotes. The quote may leave words out ("...")
 * or join two places (" / ") and add a note in parentheses; its pieces are looked for, longest
 * first, in the requirement's own section, then anywhere. A requirement whose words are found
 * nowhere (an interpretation, a paraphrase) stands at its section's heading.
 */

/** Text compared without Markdown's marks, case or spacing. */
function plain(text: string): string {
  return text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The quoted pieces of a requirement's words, longest first, the quote's own notes left out. */
function piecesOf(found: Requirement): string[] {
  const words = found.check.kind === 'sentence' ? found.check.words : found.text;
  return words
    .replace(/\([^)]*\)/g, ' ')
    .split(/\.\.\.|…| \/ |; | \| /)
    .map((piece) => plain(piece).replace(/^[\s:,.]+|[\s:,.]+$/g, ''))
    .filter((piece) => piece.length >= 12)
    .sort((a, b) => b.length - a.length);
}

/** The section number a heading opens ("4.2 Exchange ..." is 4.2, "7. Errors" is 7). */
function sectionOfHeading(heading: string): string | undefined {
  return /^(\d+(?:\.\d+)*)\.? /.exec(heading)?.[1];
}

/** Each block's section, from the headings before it. */
function blockSections(blocks: readonly SpecBlock[]): Array<string | undefined> {
  let section: string | undefined;
  return blocks.map((block) => {
    if (block.heading !== undefined) section = sectionOfHeading(block.heading) ?? section;
    return section;
  });
}

/** The index of the block each requirement's sentence stands in, by requirement id. */
export function requirementBlocks(
  blocks: readonly SpecBlock[],
  requirements: readonly Requirement[] = REQUIREMENTS,
): Map<string, number> {
  const sections = blockSections(blocks);
  const texts = blocks.map((block) => plain(block.text));
  const placed = new Map<string, number>();
  for (const found of requirements) {
    const inSection = (index: number): boolean => sections[index] === found.section;
    const headingAt = blocks.findIndex((block, index) => block.heading !== undefined && inSection(index));
    const body = texts.map((_, index) => index).filter((index) => blocks[index]?.heading === undefined);
    const where = piecesOf(found)
      .map(
        (piece) =>
          body.find((index) => inSection(index) && texts[index]?.includes(piece)) ??
          body.find((index) => texts[index]?.includes(piece)),
      )
      .find((index) => index !== undefined);
    const at = where ?? headingAt;
    if (at >= 0) placed.set(found.id, at);
  }
  return placed;
}
