// C4.6-01: a configuration is deleted with DELETE, the specified method; the sample's PUT without
// a body is refused 400 and leaves the configuration delivering.
import type { JournalRecord } from '../../spec/journal.js';
import { configurationRequests, isDelete, isPutDelete } from '../notifications.js';
import { statusText } from '../records.js';
import { failed, passedIf, type Verdict } from '../verdict.js';

export function gradeDeleteMethod(records: readonly JournalRecord[]): Verdict {
  const requests = configurationRequests(records);
  const putDelete = requests.find(isPutDelete);
  if (putDelete !== undefined)
    return failed(
      `request #${putDelete.seq} (PUT ${putDelete.path}, no url in its body, answered ${statusText(putDelete.status)}) deleted a configuration as the sample shows: DELETE is the specified method, and the configuration goes on delivering`,
      putDelete,
    );
  return passedIf(
    requests.filter(isDelete).length,
    'configuration(s) deleted with DELETE',
    'no configuration was deleted',
  );
}
