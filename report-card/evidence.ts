import type { DeliveryRecord, JournalRecord, RequestRecord } from '../spec/journal.js';
import { REDACTED, redactText } from '../helpers/report/redact.js';
import { isSecretName } from '../helpers/report/secret-names.js';
import { FINGERPRINT, isSecretFact } from './sanitize.js';

/**
 * A record as evidence: one line a reader follows, and a reproduction of a request (its request
 * line and parameters). Records are fingerprinted already; every text still goes through the
 * project's redaction, and a value under a secret name shows only when it is a fingerprint, so a
 * journal that let a secret through leaks nothing here.
 */

type Fact = string | number | boolean | null | undefined;

/** A fact as shown: a secret-named value only as its fingerprint. */
function shown(name: string, value: Fact): string {
  const text = value === null ? 'null' : String(value);
  return isSecretFact(name) && !FINGERPRINT.test(text) && value !== null && typeof value !== 'boolean'
    ? REDACTED
    : text;
}

function facts(values: Readonly<Record<string, Fact>> | undefined): string {
  return Object.entries(values ?? {})
    .map(([name, value]) => `${name} ${shown(name, value)}`)
    .join(', ');
}

function credentialsOf(record: RequestRecord): string {
  const { bearer, body_token: bodyToken, basic, secret_in: secretIn } = record.credentials;
  return [
    bearer === undefined ? '' : `Bearer ${shown('token', bearer)}`,
    bodyToken === undefined ? '' : `body access_token ${shown('token', bodyToken)}`,
    basic === true ? 'HTTP Basic' : '',
    secretIn === undefined || secretIn.length === 0 ? '' : `client_secret in ${secretIn.join(' and ')}`,
  ]
    .filter((part) => part !== '')
    .join(', ');
}

function chaosNote(record: JournalRecord): string {
  const decision = record.decision;
  return decision === undefined
    ? ''
    : ` [chaos ${decision.profile}: ${decision.fault}${decision.detail === undefined ? '' : `, ${decision.detail}`}]`;
}

function describeRequest(record: RequestRecord): string {
  const sent = [credentialsOf(record), facts({ ...record.query, ...record.params })].filter(
    (part) => part !== '',
  );
  const answer = [record.reason ?? '', facts(record.answer)].filter((part) => part !== '').join(', ');
  return `#${record.seq} ${record.at} ${record.method} ${record.path} (${record.scheme})${sent.length === 0 ? '' : ` (${sent.join('; ')})`} → ${record.status}${answer === '' ? '' : ` (${answer})`} in ${record.duration_ms} ms${chaosNote(record)}`;
}

function describeDelivery(record: DeliveryRecord): string {
  return `#${record.seq} ${record.at} delivery to ${record.url} (configuration ${record.configuration_id}, event ${record.event_id}, ad ${record.ad_id}, status ${record.status_sent}, attempt ${record.attempt}) → ${record.http_status ?? 'no answer'} (${record.outcome})${chaosNote(record)}`;
}

/** One redacted line saying what the record shows. */
export function describeRecord(record: JournalRecord): string {
  return redactText(record.kind === 'request' ? describeRequest(record) : describeDelivery(record));
}

/**
 * How to send the request again: its request line with its parameters, a placeholder where a
 * secret stood (the journal holds fingerprints, never the values). Undefined for a delivery.
 */
export function reproductionOf(record: JournalRecord): string | undefined {
  if (record.kind !== 'request') return undefined;
  const parameters = Object.entries({ ...record.query, ...record.params })
    .filter(([, value]) => value !== null)
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${isSecretName(name) ? `<${name}>` : encodeURIComponent(String(value))}`,
    );
  const token =
    record.credentials.bearer !== undefined
      ? ' -H "Authorization: Bearer <access_token>"'
      : record.credentials.body_token !== undefined
        ? ' (body: access_token=<access_token>)'
        : '';
  const form = parameters.join('&');
  const sent = form === '' ? '' : record.method.toUpperCase() === 'GET' ? `?${form}` : ` (body: ${form})`;
  return redactText(`${record.method} ${record.path}${sent}${token}`);
}
