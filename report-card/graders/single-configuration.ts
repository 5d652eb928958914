// C4.6-02 (advisory): a create retried (its answer lost to a timeout, say) leaves one
// configuration for one url: a user's second configuration for the same url, created while the
// first was not deleted, delivers every event twice.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { configurationRequests, created, isDelete, ownerOf } from '../notifications.js';
import { isSuccess, textParam } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

export function gradeSingleConfiguration(records: readonly JournalRecord[]): Verdict {
  const live = new Map<string, RequestRecord>();
  let creates = 0;
  for (const request of configurationRequests(records)) {
    const owner = ownerOf(request);
    if (isDelete(request) && isSuccess(request.status)) {
      for (const key of [...live.keys()]) if (key.startsWith(`${owner}\n`)) live.delete(key);
      continue;
    }
    const url = textParam(request, 'url');
    if (!created(request) || url === undefined) continue;
    creates += 1;
    const key = `${owner}\n${url}`;
    const first = live.get(key);
    if (first !== undefined)
      return failed(
        `create #${request.seq} made a second configuration for ${url}, the first created at #${first.seq} and not deleted: every event is delivered twice`,
        first,
        request,
      );
    live.set(key, request);
  }
  return passedIf(creates, 'configuration(s) created, one a url', 'no configuration was created');
}
