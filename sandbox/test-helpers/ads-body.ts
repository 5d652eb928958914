import type { Readable } from 'node:stream';
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
/** Longer than any key compared ("ads"): the rest of a long key need not be kept. */
const KEY_PREFIX = 8;

function bad(message: string): HelperError {
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
class Scanner {
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

/** Bytes of the body from some offset on, kept as the chunks' own views until they are parsed. */
class Held {
  private parts: Buffer[] = [];
  private from = 0;

  add(part: Buffer, at: number): void {
    if (this.parts.length === 0) this.from = at;
    this.parts.push(part);
  }

  /** The text of the bytes from `start` to `end`, forgetting every byte before `end`. */
  take(start: number, end: number): string {
    const all = this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts);
    const text = all.toString('utf8', start - this.from, end - this.from);
    this.parts = end - this.from < all.length ? [all.subarray(end - this.from)] : [];
    this.from = end;
    return text;
  }

  clear(): void {
    this.parts = [];
  }
}

export interface AdsBodyOptions<T> {
  /** Bytes the body may have; a larger one is refused as soon as it is seen to be. */
  maxBytes: number;
  maxElements: number;
  /** Validates one element (throws a HelperError to refuse the whole body). */
  accept: (element: unknown, index: number) => T;
  /** Told the count of elements found so far, after each chunk: may refuse them. */
  counted?: (count: number) => void;
}

/** Reads the body chunk by chunk; see readAdsBody. */
class AdsReader<T> {
  private readonly scanner: Scanner;
  private readonly held = new Held();
  private readonly rest: Buffer[] = [];
  private restLength = 0;
  private received = 0;
  private batchStart = -1;
  private batchEnd = -1;
  private batchCount = 0;
  readonly accepted: T[] = [];

  constructor(private readonly options: AdsBodyOptions<T>) {
    this.scanner = new Scanner(options.maxElements, (start, end) => {
      if (this.batchStart < 0) this.batchStart = start;
      this.batchEnd = end;
      this.batchCount += 1;
    });
  }

  push(chunk: Buffer): void {
    const at = this.received;
    this.received += chunk.length;
    if (this.received > this.options.maxBytes)
      throw bad(`The body is larger than ${this.options.maxBytes} bytes.`);
    this.scanner.scan(chunk, at);
    this.keep(chunk, at);
    this.options.counted?.(this.scanner.count);
    const due =
      this.batchCount >= ADS_BODY_LIMITS.parseBatch ||
      (this.batchCount > 0 && this.received - this.batchStart >= ADS_BODY_LIMITS.parseBytes);
    if (due) this.parseBatch();
  }

  finish(): T[] {
    this.scanner.finish();
    parseJson(Buffer.concat(this.rest, this.restLength).toString('utf8'));
    if (this.batchCount > 0) this.parseBatch();
    return this.accepted;
  }

  /** Sorts the chunk's bytes: the ads array's to be parsed, the rest's to be checked at the end. */
  private keep(chunk: Buffer, at: number): void {
    const { arrayOpen, arrayClose } = this.scanner;
    const end = at + chunk.length;
    const restUntil = arrayOpen < 0 ? end : Math.min(end, arrayOpen + 1);
    const restFrom = arrayClose < 0 ? end : Math.max(at, arrayClose);
    if (restUntil > at) this.addRest(chunk.subarray(0, restUntil - at));
    if (restFrom < end) this.addRest(chunk.subarray(restFrom - at));
    const adsFrom = Math.max(at, restUntil);
    const adsUntil = Math.min(end, restFrom);
    // Between elements there is only white space and commas: nothing need be kept.
    if (this.batchCount === 0 && this.scanner.elementStart < 0) this.held.clear();
    else if (adsFrom < adsUntil) this.held.add(chunk.subarray(adsFrom - at, adsUntil - at), adsFrom);
  }

  private addRest(part: Buffer): void {
    this.restLength += part.length;
    if (this.restLength > ADS_BODY_LIMITS.restBytes)
      throw bad(`Outside "ads" the body may hold at most ${ADS_BODY_LIMITS.restBytes} bytes.`);
    // A copy: a view would keep the whole socket chunk it came from.
    this.rest.push(Buffer.from(part));
  }

  /** Consecutive elements with the commas between them are the inside of a JSON array. */
  private parseBatch(): void {
    const parsed = parseJson(`[${this.held.take(this.batchStart, this.batchEnd)}]`);
    if (!Array.isArray(parsed) || parsed.length !== this.batchCount) throw bad('The body is not valid JSON.');
    const first = this.accepted.length;
    for (const [offset, element] of parsed.entries())
      this.accepted.push(this.options.accept(element, first + offset));
    this.batchStart = -1;
    this.batchCount = 0;
  }
}

/**
 * The parsed elements of `ads`, each validated by `accept`. Invalid JSON anywhere, a body past a
 * limit, or one that ends early is a 400; on refusal the rest of the body is read and dropped
 * (as the framework does with a body it refuses), so that the 400 still reaches the client.
 */
export function readAdsBody<T>(body: Readable, options: AdsBodyOptions<T>): Promise<T[]> {
  const reader = new AdsReader(options);
  return new Promise<T[]>((resolve, reject) => {
    const settle = (error: unknown, ads?: T[]): void => {
      body.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (error === undefined && ads !== undefined) resolve(ads);
      else {
        body.resume();
        reject(error instanceof HelperError ? error : bad('The body could not be read to its end.'));
      }
    };
    const onData = (chunk: Buffer | string): void => {
      try {
        reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      } catch (error) {
        settle(error);
      }
    };
    const onEnd = (): void => {
      try {
        settle(undefined, reader.finish());
      } catch (error) {
        settle(error);
      }
    };
    const onError = (error: unknown): void => {
      settle(error ?? bad('The body could not be read.'));
    };
    const onClose = (): void => {
      settle(bad('The body ended early.'));
    };
    body.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bad('The body is not valid JSON.');
  }
}
