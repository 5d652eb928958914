import { existsSync } from 'node:fs';
import { journalLines, MAX_LINE_BYTES } from './journal-lines.js';
import type { JournalRecord } from '../spec/journal.js';

/** Where the report card reads a journal: the sandbox's JSONL file, or a running sandbox's control API. */

export interface Window {
  since?: string;
  until?: string;
}

export interface JournalRead {
  records: JournalRecord[];
  dropped: number;
  /** Records that named the client without proof: kept apart, never graded. */
  claimed?: number;
  /** The client's oldest records of the window left out past MAX_GRADED_RECORDS. */
  leftOut?: number;
  /**
   * The records of the window that named the client without proof, at most MAX_CLAIMED_RECORDS
   * (the latest): shown on the card with what they would fail, graded only when the sandbox
   * served this client alone (`--sole-client`).
   */
  claimedRecords?: JournalRecord[];
  /** Page tokens answered by records left out (LastRecords.answeredBefore). */
  answeredBefore?: string[];
  /** The newest file's last line, unfinished (no newline, no record: a write cut short), skipped: where it is. */
  unfinished?: string;
}

/** The most claimed-only records a card keeps to show (a neighbour's flood of claims stays bounded). */
export const MAX_CLAIMED_RECORDS = 20_000;

/**
 * The most records of one client a card grades: past it, the oldest of the window are left out
 * (and counted), so a journal of any size is graded in bounded memory. A quarter of a million
 * records is weeks of one busy integration; --since narrows a window that holds more.
 */
export const MAX_GRADED_RECORDS = 250_000;

function isRecord(value: unknown): value is JournalRecord {
  if (value === null || typeof value !== 'object') return false;
  const kind = (value as { kind?: unknown }).kind;
  const seq = (value as { seq?: unknown }).seq;
  return (kind === 'request' || kind === 'delivery') && typeof seq === 'number';
}

/** One client's records of a window: `at` within [since, until]. */
export function selectRecords(
  records: readonly JournalRecord[],
  clientId: string,
  window: Window,
): JournalRecord[] {
  const since = window.since === undefined ? -Infinity : Date.parse(window.since);
  const until = window.until === undefined ? Infinity : Date.parse(window.until);
  return records.filter((record) => {
    const at = Date.parse(record.at);
    return record.client_id === clientId && at >= since && at <= until;
  });
}

/** Whether a line's text is a journal record. */
function isRecordLine(text: string): boolean {
  try {
    return isRecord(JSON.parse(text));
  } catch {
    return false;
  }
}

/** One line of a JSONL journal as a record; a line that is not one names its line number. */
function parseLine(line: string, name: string, number: number): JournalRecord | undefined {
  if (line.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new Error(`${name}:${number}: not JSON`);
  }
  if (!isRecord(parsed)) throw new Error(`${name}:${number}: not a journal record (kind and seq)`);
  return parsed;
}

/**
 * The journal's files, oldest first: the sandbox rotates `journal.jsonl` to `journal.jsonl.1`,
 * `.1` to `.2` and so on (sandbox/journal/journal-file.ts), so the card reads them all.
 */
export function journalFiles(file: string): string[] {
  const rotated: string[] = [];
  for (let n = 1; existsSync(`${file}.${n}`); n += 1) rotated.unshift(`${file}.${n}`);
  return [...rotated, file];
}

/** The records of a JSONL journal's text; a line that is not a record names its line number. */
export function parseJournalLines(text: string, name: string): JournalRecord[] {
  return text.split('\n').flatMap((line, index) => parseLine(line, name, index + 1) ?? []);
}

/** Keeps the last `most` records given, counting the ones it let go (amortised: a cut every `most`). */
class LastRecords {
  private kept: JournalRecord[] = [];
  leftOut = 0;
  /** The next_tokens the records let go had answered, the latest MAX_TOKENS_BEFORE. */
  private readonly tokens = new Map<string, true>();

  constructor(private readonly most: number) {}

  add(record: JournalRecord): void {
    this.kept.push(record);
    if (this.kept.length < 2 * this.most) return;
    this.letGo(this.kept.length - this.most);
  }

  records(): JournalRecord[] {
    if (this.kept.length > this.most) this.letGo(this.kept.length - this.most);
    return this.kept;
  }

  /**
   * Page tokens answered before the first record kept: a crawl the cut split sends one of them
   * next, which no kept answer gave (C4.4-01 reads them as answered).
   */
  answeredBefore(): string[] {
    return [...this.tokens.keys()];
  }

  private letGo(count: number): void {
    for (const record of this.kept.slice(0, count)) {
      const next = record.kind === 'request' ? record.answer?.next_token : undefined;
      if (typeof next !== 'string') continue;
      this.tokens.delete(next);
      this.tokens.set(next, true);
      if (this.tokens.size > MAX_TOKENS_BEFORE) this.tokens.delete(this.tokens.keys().next().value ?? '');
    }
    this.leftOut += count;
    this.kept = this.kept.slice(count);
  }
}

/** The most page tokens answered in the records left out that a card keeps (the crawls the cut split). */
export const MAX_TOKENS_BEFORE = 10_000;

/**
 * A JSONL journal streamed line by line, never read whole: every line is checked to be a record,
 * only the client's records of the window are kept, at most `most` of them (the latest).
 */
export async function readJournalFile(
  file: string,
  clientId: string,
  window: Window,
  most = MAX_GRADED_RECORDS,
): Promise<JournalRead> {
  const since = window.since === undefined ? -Infinity : Date.parse(window.since);
  const until = window.until === undefined ? Infinity : Date.parse(window.until);
  const kept = new LastRecords(most);
  const claims = new ClaimedOnly(clientId);
  let unfinished: string | undefined;
  for (const name of journalFiles(file)) {
    for await (const line of journalLines(name)) {
      if ('tooLong' in line)
        throw new Error(
          `${name}:${line.number}: a line of ${line.tooLong} bytes, no journal record (at most ${MAX_LINE_BYTES})`,
        );
      // The last line of the newest file without its newline: a write the sandbox's stop cut short.
      if ('unfinished' in line && name === file && !isRecordLine(line.text)) {
        unfinished = `${name}:${line.number}`;
        continue;
      }
      const record = parseLine(line.text, name, line.number);
      if (record === undefined) continue;
      claims.add(record);
      if (record.client_id !== clientId) continue;
      const at = Date.parse(record.at);
      if (at >= since && at <= until) kept.add(record);
    }
  }
  const records = kept.records();
  return {
    records,
    dropped: 0,
    claimed: claims.count(),
    claimedRecords: claims.records().filter((record) => inWindow(record, since, until)),
    ...(kept.leftOut > 0 ? { leftOut: kept.leftOut, answeredBefore: kept.answeredBefore() } : {}),
    ...(unfinished === undefined ? {} : { unfinished }),
  };
}

function inWindow(record: JournalRecord, since: number, until: number): boolean {
  const at = Date.parse(record.at);
  return at >= since && at <= until;
}

/**
 * Records that named the client without proving it (spec/journal.ts `claimed_client_id`), less
 * those proven later (written again with their client): never graded, only counted.
 */
export function claimedOnly(records: readonly JournalRecord[], clientId: string): number {
  const claims = new ClaimedOnly(clientId);
  for (const record of records) claims.add(record);
  return claims.count();
}

/**
 * Counts, record by record, the claimed-only records of one client, and keeps the latest
 * MAX_CLAIMED_RECORDS of them, less those proven later (written again with their client).
 */
class ClaimedOnly {
  private readonly claimed = new Set<number>();
  private readonly proven = new Set<number>();
  private readonly kept = new Map<number, JournalRecord>();

  constructor(
    private readonly clientId: string,
    private readonly most = MAX_CLAIMED_RECORDS,
  ) {}

  add(record: JournalRecord): void {
    if (record.client_id === this.clientId) {
      if (this.claimed.has(record.seq)) this.proven.add(record.seq);
      this.kept.delete(record.seq);
      return;
    }
    if (record.kind !== 'request' || record.client_id !== null || record.claimed_client_id !== this.clientId)
      return;
    this.claimed.add(record.seq);
    this.kept.set(record.seq, record);
    if (this.kept.size > this.most) this.kept.delete(this.kept.keys().next().value ?? -1);
  }

  count(): number {
    return this.claimed.size - this.proven.size;
  }

  records(): JournalRecord[] {
    return [...this.kept.values()];
  }
}

/** A refused key names the variable that sets it. */
const WRONG_KEY = ' (a wrong control key: check SANDBOX_CONTROL_KEY or --key)';

/**
 * The records the card asks of the control API a page: about 0.8 MB of JSON, a client's full ring
 * in five pages, whatever the sandbox's own page (it bounds a page too).
 */
export const CARD_PAGE_RECORDS = 1000;

/** A page of the control API's answer, checked: its records, and where the next page starts. */
interface ControlPage {
  records: JournalRecord[];
  dropped: number;
  claimed?: number;
  /** The cursor of the next page, when the sandbox said records follow (a sandbox that pages). */
  next?: string;
}

/** One GET of the journal helper; `after` the cursor of the page before. */
async function fetchPage(url: URL, key: string, after: string | undefined): Promise<ControlPage> {
  const page = new URL(url);
  if (after !== undefined) page.searchParams.set('after', after);
  const response = await fetch(page, { headers: { 'x-sandbox-key': key, accept: 'application/json' } });
  if (response.status !== 200)
    throw new Error(
      `the control API answered ${response.status} to GET ${url.pathname}${response.status === 401 ? WRONG_KEY : ''}`,
    );
  const body = (await response.json()) as {
    records?: unknown;
    dropped?: unknown;
    claimed?: unknown;
    next?: unknown;
    more?: unknown;
  };
  if (!Array.isArray(body.records)) throw new Error('the control API answered no records array');
  return {
    records: body.records.filter(isRecord),
    dropped: typeof body.dropped === 'number' ? body.dropped : 0,
    ...(typeof body.claimed === 'number' ? { claimed: body.claimed } : {}),
    ...(body.more === true && typeof body.next === 'string' ? { next: body.next } : {}),
  };
}

/**
 * GET {control}/test_helpers/v1/journal?client_id=&since=&until= with the control key, page after
 * page (`after` the `next` of the page before, while `more`): each page's records are handed on
 * as they come, the client's of the window kept, at most `most` (the latest), as from a file. A
 * sandbox that does not page answers one page. `pageSize`: the `limit` asked.
 */
export async function fetchJournal(
  controlUrl: string,
  key: string,
  clientId: string,
  window: Window,
  options: { most?: number; pageSize?: number } = {},
): Promise<JournalRead> {
  const since = window.since === undefined ? -Infinity : Date.parse(window.since);
  const until = window.until === undefined ? Infinity : Date.parse(window.until);
  const url = new URL('test_helpers/v1/journal', controlUrl.endsWith('/') ? controlUrl : `${controlUrl}/`);
  url.searchParams.set('client_id', clientId);
  if (window.since !== undefined) url.searchParams.set('since', window.since);
  if (window.until !== undefined) url.searchParams.set('until', window.until);
  url.searchParams.set('limit', String(options.pageSize ?? CARD_PAGE_RECORDS));
  url.searchParams.set('claimed', 'true');
  const kept = new LastRecords(options.most ?? MAX_GRADED_RECORDS);
  const claims = new ClaimedOnly(clientId);
  let after: string | undefined;
  let page: ControlPage;
  do {
    page = await fetchPage(url, key, after);
    if (page.next !== undefined && page.next === after)
      throw new Error('the control API answered the same page again (its cursor did not move)');
    // The sandbox filters already; filtering again keeps a looser sandbox from mixing clients.
    for (const record of selectRecords(page.records, clientId, window)) kept.add(record);
    for (const record of page.records) claims.add(record);
    after = page.next;
  } while (after !== undefined);
  const records = kept.records();
  return {
    records,
    // The last page's counts are the latest: what went while the pages were read included.
    dropped: page.dropped,
    ...(page.claimed === undefined ? {} : { claimed: page.claimed }),
    claimedRecords: claims.records().filter((record) => inWindow(record, since, until)),
    ...(kept.leftOut > 0 ? { leftOut: kept.leftOut, answeredBefore: kept.answeredBefore() } : {}),
  };
}
