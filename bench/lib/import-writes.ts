// What keeping the ad import costs per moderation decision (sandbox/import/store.ts): the rows one
// decided import of 500 ads queues (its import row and its ads' rows), turned into JSON as the data
// file's batch does, beside the whole import as one JSON row (the way it was kept before), for
// stores holding 1 and 10 users of 5,000 imported ads each. CPU per decision, median of the rounds.
import type { RowJournal } from '../../sandbox/persist/journal.js';
import { AdImport } from '../../sandbox/import/ad-import.js';
import type { ImportItem } from '../../sandbox/import/store.js';
import { median, round } from './stats.js';

const ADS_PER_USER = 5_000;
const ADS_PER_IMPORT = 500;

/** A journal that turns each queued row into JSON when asked, as the data file's batch does. */
class RowsToWrite implements RowJournal {
  private queued: Array<{ value: unknown }> = [];
  put(_key: string, value: unknown): void {
    this.queued.push({ value });
  }
  delete(): void {}
  deletePrefix(): void {}
  written(): Promise<void> {
    return Promise.resolve();
  }
  /** The queued rows' JSON length, made now. */
  write(): number {
    const length = this.queued.reduce((sum, row) => sum + JSON.stringify(row.value).length, 0);
    this.queued = [];
    return length;
  }
}

function filled(users: number): AdImport {
  const adImport = new AdImport();
  const { store } = adImport;
  for (let user = 0; user < users; user += 1)
    for (let start = 0; start < ADS_PER_USER; start += ADS_PER_IMPORT) {
      const login = `bench-import-user-${user}`;
      const items: ImportItem[] = Array.from({ length: ADS_PER_IMPORT }, (_, index) => ({
        id: `ad-${start + index}`,
        operation: 'insert',
        status: 'accepted',
        category: '2020',
        message: [],
      }));
      store.add({
        token: `bench-${user}-${start}`,
        login,
        clientId: 'cl_bench',
        createdAtMs: Date.now(),
        items,
      });
      for (const item of items)
        store.ensureListId(login, store.adRecord(login, item.id, undefined, Date.now()));
    }
  return adImport;
}

function cpuUs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

export function importWrites(rounds: number): Record<string, number>[] {
  return [1, 10].map((users) => {
    const adImport = filled(users);
    const journal = new RowsToWrite();
    adImport.store.journal = journal;
    const record = adImport.store.find('bench-0-0');
    if (record === undefined) throw new Error('bench: no import to decide');
    const rows: number[] = [];
    const oneRow: number[] = [];
    let rowBytes = 0;
    let oneRowBytes = 0;
    for (let round = 0; round < rounds; round += 1) {
      rows.push(
        cpuUs(() => {
          adImport.store.recorded(record);
          rowBytes = journal.write();
        }),
      );
      oneRow.push(
        cpuUs(() => {
          oneRowBytes = JSON.stringify(adImport.dump()).length;
        }),
      );
    }
    return {
      users,
      ads: users * ADS_PER_USER,
      one_row_cpu_us: median(oneRow),
      one_row_kb: round(oneRowBytes / 1024),
      rows_cpu_us: median(rows),
      rows_kb: round(rowBytes / 1024),
    };
  });
}
