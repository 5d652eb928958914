import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { HelperError } from '../../spec/errors.js';

/**
 * The body of `PUT .../ads`, `{"ads": [...]}`, read a slice at a time with the event loop served
 * in between: a single JSON.parse of a large body (or of one built to be slow to parse, millions of
 * tiny arrays) would stall every other request. The body is scanned for the elements of the
 * top-level `ads` array (bounded in count and size); the rest of the object must be small; the
 * elements are then parsed in batches.
 */
export const ADS_BODY_LIMITS = {
  /** Bytes scanned between two turns of the event loop. */
  scanSlice: 256 * 1024,
  /** Elements parsed between two turns of the event loop. */
  parseBatch: 2000,
  /** One ad's JSON text (three fields of at most 256 characters, escapes included). */
  elementBytes: 8 * 1024,
  /** Everything outside the `ads` array. */
  restBytes: 64 * 1024,
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** The byte spans of the ads array and its elements, found in one pass over the body. */
interface Layout {
  arrayOpen: number;
  arrayClose: number;
  starts: number[];
  ends: number[];
}

function bad(message: string): HelperError {
  return new HelperError('BAD_REQUEST', message);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

class Scanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringStart = -1;
  private expectingKey = false;
  private lastKey: string | null = null;
  private inAds = false;
  private elementStart = -1;
  private afterComma = false;
  readonly layout: Layout = { arrayOpen: -1, arrayClose: -1, starts: [], ends: [] };

  constructor(
    private readonly bytes: Buffer,
    private readonly maxElements: number,
  ) {}

  /** JSON's structural characters are ASCII, and no byte of a multi-byte UTF-8 character is. */
  scan(from: number, to: number): void {
    for (let index = from; index < to; index += 1) this.step(this.bytes[index] ?? 0, index);
  }

  finish(): Layout {
    if (this.inString || this.depth !== 0) throw bad('The body is not valid JSON.');
    if (this.layout.arrayOpen < 0 || this.layout.arrayClose < 0) throw bad('"ads" must be an array of ads.');
    return this.layout;
  }

  private step(code: number, index: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (code === BACKSLASH) this.escaped = true;
      else if (code === QUOTE) this.endString(index);
      return;
    }
    if (this.startsElement(code)) {
      this.elementStart = index;
      this.afterComma = false;
    }
    if (code === QUOTE) {
      this.inString = true;
      this.stringStart = index;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) this.open(code, index);
    else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) this.close(index);
    else if (code === COMMA) this.comma(index);
    else if (code === COLON && this.depth === 1) this.expectingKey = false;
  }

  /** A character inside the ads array, outside any element, that is not a separator begins one. */
  private startsElement(code: number): boolean {
    return (
      this.inAds &&
      this.depth === 2 &&
      this.elementStart < 0 &&
      !isSpace(code) &&
      code !== COMMA &&
      code !== CLOSE_ARRAY &&
      code !== CLOSE_OBJECT
    );
  }

  private endString(index: number): void {
    this.inString = false;
    if (this.depth === 1 && this.expectingKey)
      this.lastKey = this.bytes.toString('utf8', this.stringStart + 1, index);
  }

  private open(code: number, index: number): void {
    if (this.depth === 0 && code !== OPEN_OBJECT) throw bad('The body must be a JSON object.');
    if (this.depth === 1 && code === OPEN_ARRAY && this.lastKey === 'ads' && !this.expectingKey) {
      if (this.layout.arrayOpen >= 0) throw bad('"ads" appears twice.');
      this.layout.arrayOpen = index;
      this.inAds = true;
    }
    this.depth += 1;
    if (this.depth === 1) this.expectingKey = true;
  }

  private close(index: number): void {
    this.depth -= 1;
    if (this.depth < 0) throw bad('The body is not valid JSON.');
    if (this.inAds && this.depth === 1) {
      if (this.afterComma) throw bad('The body is not valid JSON.');
      this.endElement(index);
      this.layout.arrayClose = index;
      this.inAds = false;
    }
  }

  private comma(index: number): void {
    if (this.inAds && this.depth === 2) {
      if (this.elementStart < 0) throw bad('The body is not valid JSON.');
      this.endElement(index);
      this.afterComma = true;
    }
    if (this.depth === 1) this.expectingKey = true;
  }

  private endElement(end: number): void {
    if (this.elementStart < 0) return;
    if (end - this.elementStart > ADS_BODY_LIMITS.elementBytes)
      throw bad(`ads[${this.layout.starts.length}] is longer than ${ADS_BODY_LIMITS.elementBytes} bytes.`);
    this.layout.starts.push(this.elementStart);
    this.layout.ends.push(end);
    this.elementStart = -1;
    if (this.layout.starts.length > this.maxElements)
      throw bad(`"ads" must be an array of at most ${this.maxElements} ads.`);
  }
}

/**
 * The parsed elements of `ads`, each handed to `accept` with its index (which validates it and
 * throws a HelperError to refuse the whole body). `counted` learns how many there are before any
 * is parsed (and may refuse them). Invalid JSON anywhere is a 400.
 */
export async function readAdsBody<T>(
  bytes: Buffer,
  maxElements: number,
  accept: (element: unknown, index: number) => T,
  counted: (count: number) => void = () => undefined,
): Promise<T[]> {
  const scanner = new Scanner(bytes, maxElements);
  for (let from = 0; from < bytes.length; from += ADS_BODY_LIMITS.scanSlice) {
    scanner.scan(from, Math.min(bytes.length, from + ADS_BODY_LIMITS.scanSlice));
    await yieldToLoop();
  }
  const { arrayOpen, arrayClose, starts, ends } = scanner.finish();
  if (arrayOpen + 1 + bytes.length - arrayClose > ADS_BODY_LIMITS.restBytes)
    throw bad(`Outside "ads" the body may hold at most ${ADS_BODY_LIMITS.restBytes} bytes.`);
  parseJson(bytes.toString('utf8', 0, arrayOpen + 1) + bytes.toString('utf8', arrayClose));
  counted(starts.length);
  const accepted: T[] = [];
  for (let first = 0; first < starts.length; first += ADS_BODY_LIMITS.parseBatch) {
    const last = Math.min(starts.length, first + ADS_BODY_LIMITS.parseBatch) - 1;
    // Consecutive elements with the commas between them: the inside of a JSON array.
    const parsed = parseJson(`[${bytes.toString('utf8', starts[first], ends[last])}]`);
    if (!Array.isArray(parsed) || parsed.length !== last - first + 1)
      throw bad('The body is not valid JSON.');
    for (const [offset, element] of parsed.entries()) accepted.push(accept(element, first + offset));
    await yieldToLoop();
  }
  return accepted;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bad('The body is not valid JSON.');
  }
}
