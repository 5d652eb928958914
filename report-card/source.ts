import { existsSync, readFileSync } from 'node:fs';
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
}

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

/** The records of a JSONL journal; a line that is not a record names its line number. */
export function parseJournalLines(text: string, name: string): JournalRecord[] {
  return text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new Error(`${name}:${index + 1}: not JSON`);
    }
    if (!isRecord(parsed)) throw new Error(`${name}:${index + 1}: not a journal record (kind and seq)`);
    return [parsed];
  });
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

export function readJournalFile(file: string, clientId: string, window: Window): JournalRead {
  const records = journalFiles(file).flatMap((name) => parseJournalLines(readFileSync(name, 'utf8'), name));
  return {
    records: selectRecords(records, clientId, window),
    dropped: 0,
    claimed: claimedOnly(records, clientId),
  };
}

/**
 * Records that named the client without proving it (spec/journal.ts `claimed_client_id`), less
 * those proven later (written again with their client): never graded, only counted.
 */
export function claimedOnly(records: readonly JournalRecord[], clientId: string): number {
  const proven = new Set(
    records.filter((record) => record.client_id === clientId).map((record) => record.seq),
  );
  return records.filter(
    (record) =>
      record.kind === 'request' &&
      record.client_id === null &&
      record.claimed_client_id === clientId &&
      !proven.has(record.seq),
  ).length;
}

/** A refused key names the variable that sets it. */
const WRONG_KEY = ' (a wrong control key: check SANDBOX_CONTROL_KEY or --key)';

/** GET {control}/test_helpers/v1/journal?client_id=&since=&until= with the control key. */
export async function fetchJournal(
  controlUrl: string,
  key: string,
  clientId: string,
  window: Window,
): Promise<JournalRead> {
  const url = new URL('test_helpers/v1/journal', controlUrl.endsWith('/') ? controlUrl : `${controlUrl}/`);
  url.searchParams.set('client_id', clientId);
  if (window.since !== undefined) url.searchParams.set('since', window.since);
  if (window.until !== undefined) url.searchParams.set('until', window.until);
  const response = await fetch(url, { headers: { 'x-sandbox-key': key, accept: 'application/json' } });
  if (response.status !== 200)
    throw new Error(
      `the control API answered ${response.status} to GET ${url.pathname}${response.status === 401 ? WRONG_KEY : ''}`,
    );
  const body = (await response.json()) as { records?: unknown; dropped?: unknown; claimed?: unknown };
  if (!Array.isArray(body.records)) throw new Error('the control API answered no records array');
  const records = body.records.filter(isRecord);
  // The sandbox filters already; filtering again keeps a looser sandbox from mixing clients.
  return {
    records: selectRecords(records, clientId, window),
    dropped: typeof body.dropped === 'number' ? body.dropped : 0,
    ...(typeof body.claimed === 'number' ? { claimed: body.claimed } : {}),
  };
}
