// C2.6-01: ads carrying incorrect catalog ids are refused, so after the import refused one (a
// renumbering), the client refreshes its stored ids: no later import carries the refused id.
// Journal facts read (optional fields of the records): an import's params.catalog_ids and an
// import or import-status answer's refused_catalog_ids, each a comma-separated list of
// `name:id` (`vehicle_model:123`).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { requestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

function idList(value: string | number | boolean | null | undefined): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

export function gradeRefusedCatalogId(records: readonly JournalRecord[]): Verdict {
  const refused = new Map<string, RequestRecord>();
  for (const request of requestsOf(records, 'import', 'import_status')) {
    const again =
      request.endpoint === 'import'
        ? idList(request.params?.catalog_ids).find((id) => refused.has(id))
        : undefined;
    const refusal = again === undefined ? undefined : refused.get(again);
    if (again !== undefined && refusal !== undefined)
      return failed(
        `import #${request.seq} carried catalog id ${again} again, refused at #${refusal.seq}: the stored ids were not refreshed from the catalog`,
        refusal,
        request,
      );
    for (const id of idList(request.answer?.refused_catalog_ids)) refused.set(id, request);
  }
  return passedIf(
    refused.size,
    'catalog id(s) refused by the import, none sent again',
    'the import refused no catalog id',
  );
}
