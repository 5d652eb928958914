import { HelperError } from '../../spec/errors.js';

/**
 * The body of `PUT .../ads`, `{"ads": [...]}`, read from the socket as it arrives, never held
 * whole: each chunk is scanned for the elements of the top-level `ads` array (bounded in count and
 * size), and the elements found so far are parsed a batch at a time and handed on, so what is held
 * is one batch of text, not 12 MB of body plus its copies. A single JSON.parse of a large body (or
 * of one built to be slow to parse, millions of tiny arrays) would also stall every other request;
 * here each chunk is one short turn of the event loop. The rest of the object must be small.
 */
export const ADS_BODY_LIMITS = {
  /** Text of complete elements held before it is parsed. */
  parseBytes: 256 * 1024,
  /** Elements parsed at once. */
  parseBatch: 2000,
  /** One ad's JSON text (four fields of at most 256 characters, escapes included: 6 KB at most). */
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
/** Longer than any key compared ("ads"): the rest of a long key need not be kept. */
const KEY_PREFIX = 8;

/** A body the ads helper refuses: 400 BAD_REQUEST with what is wrong. */
export function bad(message: string): HelperError {
  return new HelperError('BAD_REQUEST', message);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * Finds the ads array and its elements byte by byte, chunk after chunk; offsets count from the
 * body's first byte. JSON's structural characters are ASCII, and no byte of a multi-byte UTF-8
 * character is one, so the bytes need no decoding.
 */
export class Scanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private keyText: string | null = null;
  private expectingKey = false;
  private lastKey: string | null = null;
  private inAds = false;
  private afterComma = false;
  /** Where the element being scanned began, -1 between elements. */
  elementStart = -1;
  arrayOpen = -1;
  arrayClose = -1;
  count = 0;

  constructor(
    private readonly maxElements: number,
    private readonly onElement: (start: number, end: number) => void,
  ) {}

  scan(chunk: Buffer, at: number): void {
    for (let index = 0; index < chunk.length; index += 1) this.step(chunk[index] ?? 0, at + index);
  }

  finish(): void {
    if (this.inString || this.depth !== 0) throw bad('The body is not valid JSON.');
    if (this.arrayOpen < 0 || this.arrayClose < 0) throw bad('"ads" must be an array of ads.');
  }

  private step(code: number, offset: number): void {
    if (this.inString) {
      this.stringByte(code);
      return;
    }
    if (this.startsElement(code)) {
      this.elementStart = offset;
      this.afterComma = false;
    }
    if (code === QUOTE) {
      this.inString = true;
      this.keyText = this.depth === 1 && this.expectingKey ? '' : null;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) this.open(code, offset);
    else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) this.close(offset);
    else if (code === COMMA) this.comma(offset);
    else if (code === COLON && this.depth === 1) this.expectingKey = false;
  }

  private stringByte(code: number): void {
    if (this.escaped) this.escaped = false;
    else if (code === BACKSLASH) this.escaped = true;
    else if (code === QUOTE) {
      this.inString = false;
      if (this.keyText !== null) this.lastKey = this.keyText;
      return;
    }
    // A key is compared as written (raw bytes), as it was when the body was held whole.
    if (this.keyText !== null && this.keyText.length < KEY_PREFIX) this.keyText += String.fromCharCode(code);
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

  private open(code: number, offset: number): void {
    if (this.depth === 0 && code !== OPEN_OBJECT) throw bad('The body must be a JSON object.');
    if (this.depth === 1 && code === OPEN_ARRAY && this.lastKey === 'ads' && !this.expectingKey) {
      if (this.arrayOpen >= 0) throw bad('"ads" appears twice.');
      this.arrayOpen = offset;
      this.inAds = true;
    }
    this.depth += 1;
    if (this.depth === 1) this.expectingKey = true;
  }

  private close(offset: number): void {
    this.depth -= 1;
    if (this.depth < 0) throw bad('The body is not valid JSON.');
    if (this.inAds && this.depth === 1) {
      if (this.afterComma) throw bad('The body is not valid JSON.');
      this.endElement(offset);
      this.arrayClose = offset;
      this.inAds = false;
    }
  }

  private comma(offset: number): void {
    if (this.inAds && this.depth === 2) {
      if (this.elementStart < 0) throw bad('The body is not valid JSON.');
      this.endElement(offset);
      this.afterComma = true;
    }
    if (this.depth === 1) this.expectingKey = true;
  }

  private endElement(end: number): void {
    if (this.elementStart < 0) return;
    if (end - this.elementStart > ADS_BODY_LIMITS.elementBytes)
      throw bad(`ads[${this.count}] is longer than ${ADS_BODY_LIMITS.elementBytes} bytes.`);
    this.count += 1;
    if (this.count > this.maxElements)
      throw bad(`"ads" must be an array of at most ${this.maxElements} ads.`);
    this.onElement(this.elementStart, end);
    this.elementStart = -1;
  }
}
