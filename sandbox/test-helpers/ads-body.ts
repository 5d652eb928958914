import type { Readable } from 'node:stream';
import { HelperError } from '../../spec/errors.js';
import { ADS_BODY_LIMITS, bad, Scanner } from './ads-scan.js';

// The body of PUT .../ads read as it arrives: the limits and the byte scan are in ads-scan.ts.

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
