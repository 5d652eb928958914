import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { isSuccess, requestsOf, textParam } from './records.js';

/** The notification configuration's requests as the journal holds them (4.6). */

export function configurationRequests(records: readonly JournalRecord[]): RequestRecord[] {
  return requestsOf(records, 'notification');
}

/** A create: POST to the collection. */
export function isCreate(request: RequestRecord): boolean {
  return request.method.toUpperCase() === 'POST';
}

/** A create the sandbox carried out (answered 2xx, or its answer names the configuration's id). */
export function created(request: RequestRecord): boolean {
  return isCreate(request) && (isSuccess(request.status) || request.answer?.configuration_id != null);
}

/** A delete by the method 4.6 specifies. */
export function isDelete(request: RequestRecord): boolean {
  return request.method.toUpperCase() === 'DELETE';
}

/**
 * The sample's delete: a PUT to a configuration without a body's url (an update always sends
 * `{method, url, media_type, token}`).
 */
export function isPutDelete(request: RequestRecord): boolean {
  return request.method.toUpperCase() === 'PUT' && textParam(request, 'url') === undefined;
}

/** The owner of a configuration: the token's user, else the token. */
export function ownerOf(request: RequestRecord): string {
  return request.login ?? request.credentials.bearer ?? 'client';
}
