// C2.6-01: ads carrying incorrect catalog ids are refused, so after the import refused one (a
// renumbering), the client refreshes its stored ids: no later import carries the refused id.
// The journal's facts: an import's params.catalog_ids (comma-separated) and its answer's
// statusCode; the refused ids themselves when the answer names them (refused_catalog_ids), else
// every catalog id of an import refused (-4) while chaos had renumbered the catalog, then held
// against a later import only when that one is refused too. Only an import the client sent after
// it could have read the refusal is held against it (causality.ts): a parallel batch on its way
// is not, nor another dealer's import with its own token.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { reactionTo, restsOn } from '../causality.js';
import { faultsOf, requestsOf } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

const REFUSED = -4;

function idList(value: string | number | boolean | null | undefined): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

interface Refusal {
  by: RequestRecord;
  /** Named by the answer: any later import carrying it fails; else only a refused one. */
  named: boolean;
}

/** The catalog ids an import's answer refused, and whether the answer named them. */
function refusedIds(request: RequestRecord): { ids: string[]; named: boolean } {
  const named = idList(request.answer?.refused_catalog_ids);
  if (named.length > 0) return { ids: named, named: true };
  const renumbered =
    request.answer?.statusCode === REFUSED && faultsOf(request).includes('catalog-renumbered');
  return { ids: renumbered ? idList(request.params?.catalog_ids) : [], named: false };
}

export function gradeRefusedCatalogId(records: readonly JournalRecord[]): Verdict {
  const refused = new Map<string, Refusal>();
  for (const request of requestsOf(records, 'import', 'import_status')) {
    const refusedAgain = request.answer?.statusCode === REFUSED;
    const again = idList(request.params?.catalog_ids).find((id) => {
      const refusal = refused.get(id);
      return (
        refusal !== undefined &&
        (refusal.named || refusedAgain) &&
        reactionTo(refusal.by, request, records) !== undefined
      );
    });
    const refusal = again === undefined ? undefined : refused.get(again);
    if (again !== undefined && refusal !== undefined && request.endpoint === 'import')
      return failed(
        `import #${request.seq} carried catalog id ${again} again, refused at #${refusal.by.seq}: the stored ids were not refreshed from the catalog (shown by ${restsOn(reactionTo(refusal.by, request, records))})`,
        refusal.by,
        request,
      );
    const { ids, named } = refusedIds(request);
    for (const id of ids) refused.set(id, { by: request, named });
  }
  return passedIf(
    refused.size,
    'catalog id(s) refused by the import, none sent again',
    'the import refused no catalog id',
  );
}
