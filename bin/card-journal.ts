// Where `client-report` finds a client's journal records: a file (--journal), else the running
// sandbox's control API. A sandbox found through its data folder (control.json) holds in memory
// only what came since its start; the folder's journal.jsonl holds every start's, so both are read
// and merged: a card after a restart grades what the client did before it too.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JournalRecord } from '../spec/journal.js';
import { DEFAULT_DATA_DIR } from '../sandbox/service/options.js';
import { registerSecret } from '../helpers/report/redact.js';
import {
  fetchJournal,
  MAX_GRADED_RECORDS,
  readJournalFile,
  type JournalRead,
  type Window,
} from '../report-card/source.js';
import { controlOf, type ControlValues } from './control.js';
import { environment } from '../config/environment.js';

/** The records read, and one line saying where they were found. */
export interface FoundJournal {
  read: JournalRead;
  where: string;
}

/** The journal file the sandbox writes in its data folder (sandbox/start.ts). */
const FOLDER_JOURNAL = 'journal.jsonl';

/**
 * The data folder's journal read beside the control API: the folder named by --data, else, when no
 * control URL is given, the default folder whose control.json found the sandbox. Undefined when
 * that folder holds no journal.
 */
export function folderJournalOf(values: ControlValues): string | undefined {
  const url = values['control-url'] ?? environment().SANDBOX_CONTROL_URL;
  const folder = values.data ?? (url === undefined || url === '' ? DEFAULT_DATA_DIR : undefined);
  if (folder === undefined) return undefined;
  const file = join(resolve(folder), FOLDER_JOURNAL);
  return existsSync(file) ? file : undefined;
}

/**
 * The file's records, then the running sandbox's that the file does not hold yet (its last 20 ms
 * are appended in one write), each seq once (the sandbox's own copy where both hold it); at most
 * `most`, the latest. The file holds what the memory's ring let go: nothing was dropped.
 */
export function mergedRead(file: JournalRead, memory: JournalRead, most = MAX_GRADED_RECORDS): JournalRead {
  const records: JournalRecord[] = [...file.records];
  const place = new Map(records.map((record, index) => [record.seq, index]));
  for (const record of memory.records) {
    const index = place.get(record.seq);
    if (index === undefined) records.push(record);
    else records[index] = record;
  }
  const over = Math.max(0, records.length - most);
  const leftOut = (file.leftOut ?? 0) + over;
  const proven = new Set(records.map((record) => record.seq));
  const claimedRecords = new Map<number, JournalRecord>();
  for (const record of [...(file.claimedRecords ?? []), ...(memory.claimedRecords ?? [])])
    if (!proven.has(record.seq)) claimedRecords.set(record.seq, record);
  return {
    records: over === 0 ? records : records.slice(over),
    dropped: 0,
    claimed: Math.max(file.claimed ?? 0, memory.claimed ?? 0),
    claimedRecords: [...claimedRecords.values()],
    ...(file.unfinished === undefined ? {} : { unfinished: file.unfinished }),
    ...(file.answeredBefore === undefined ? {} : { answeredBefore: file.answeredBefore }),
    ...(leftOut > 0 ? { leftOut } : {}),
  };
}

/** The journal's records for the card, or a message saying what is missing. */
export async function findJournal(
  values: ControlValues & { journal?: string | undefined },
  clientId: string,
  window: Window,
): Promise<FoundJournal | string> {
  if (values.journal !== undefined)
    return { read: await readJournalFile(values.journal, clientId, window), where: values.journal };
  const control = controlOf(values);
  if (typeof control === 'string') return `${control} Or give --journal FILE.`;
  registerSecret(control.key);
  let memory: JournalRead;
  try {
    memory = await fetchJournal(control.url, control.key, clientId, window);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // fetch's own failure: nothing answers there (a stopped sandbox, a wrong URL).
    return `nothing answers at ${control.url} (${error.message}): is the sandbox running? Else set SANDBOX_CONTROL_URL, --control-url or --data, or give --journal FILE.`;
  }
  const file = folderJournalOf(values);
  if (file === undefined)
    return {
      read: memory,
      where: `the sandbox at ${control.url}, since its last start (the journal of the starts before is its data folder's ${FOLDER_JOURNAL}: --data FOLDER or --journal FILE)`,
    };
  const kept = await readJournalFile(file, clientId, window);
  return { read: mergedRead(kept, memory), where: `${file} (every start) and the sandbox at ${control.url}` };
}
