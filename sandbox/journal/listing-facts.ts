/**
 * The listing answer's two facts the journal keeps (the count of items, the next_token) read
 * without parsing the whole page: parsing a page of 200 ads cost the journal two thirds of its
 * time per request (bench/chaos-cost.ts). A small answer, or one whose shape this reader does
 * not recognise, is parsed whole.
 */

const WHOLE_BELOW = 2048;

/** The count of elements of the JSON array that opens at `start` (the `[`), or null when it does not close. */
function arrayLength(text: string, start: number): number | null {
  let depth = 0;
  let count = 0;
  let inString = false;
  let seenValue = false;
  for (let at = start; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 92)
        at += 1; // a backslash escapes the next character
      else if (code === 34) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 91 || code === 123) depth += 1;
    else if (code === 93 || code === 125) {
      depth -= 1;
      if (depth === 0) return seenValue ? count + 1 : 0;
    } else if (code === 44 && depth === 1) count += 1;
    if (depth >= 1 && at > start && code !== 32 && code !== 10 && code !== 13 && code !== 9) seenValue = true;
  }
  return null;
}

/** The JSON value (a string or null) that starts at `start`, or undefined when it is neither. */
function stringOrNull(text: string, start: number): string | null | undefined {
  if (text.startsWith('null', start)) return null;
  if (text.charCodeAt(start) !== 34) return undefined;
  for (let at = start + 1; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 92) at += 1;
    else if (code === 34) {
      const value: unknown = JSON.parse(text.slice(start, at + 1));
      return typeof value === 'string' ? value : undefined;
    }
  }
  return undefined;
}

/** `{items, next_token}` of the page; undefined when the text must be parsed whole. */
export function listingPageFacts(text: string): { items: number; next_token: string | null } | undefined {
  if (text.length < WHOLE_BELOW) return undefined;
  const dataAt = text.indexOf('"data":[');
  const tokenKey = text.lastIndexOf('"next_token":');
  if (dataAt < 0 || tokenKey < 0) return undefined;
  const items = arrayLength(text, dataAt + '"data":'.length);
  const nextToken = stringOrNull(text, tokenKey + '"next_token":'.length);
  if (items === null || nextToken === undefined) return undefined;
  return { items, next_token: nextToken };
}
