import { createHash, randomBytes } from 'node:crypto';
import type { JournalRecord, RequestRecord } from '../spec/journal.js';
import { redactText } from '../helpers/report/redact.js';
import { isSecretName } from '../helpers/report/secret-names.js';

/**
 * A journal is meant to hold fingerprints only; one that let a raw value through (a sandbox's bug,
 * a hand-written file) must not carry it into a report card, whose messages quote the values a
 * grader compares. Before grading, every value under a secret name that is not a fingerprint is
 * fingerprinted here with a salt of this run (equal values stay equal, so the grades are the same),
 * and every URL and free text goes through the project's redaction.
 */
export const FINGERPRINT = /^fp:[0-9a-f]{8,64}$/;

const SALT = randomBytes(16);

/** Facts whose names hold a secret word but that the journal writes as plain values (the import's outcome). */
const PLAIN_FACTS = new Set(['statusCode']);

/** Whether a fact's value must show only as a fingerprint. */
export function isSecretFact(name: string): boolean {
  return !PLAIN_FACTS.has(name) && isSecretName(name);
}

function fingerprint(value: string): string {
  return FINGERPRINT.test(value)
    ? value
    : `fp:${createHash('sha256').update(SALT).update(value).digest('hex').slice(0, 16)}`;
}

type Facts = Record<string, string | number | boolean | null>;

function sanitizedFacts<T extends Facts | undefined>(facts: T): T {
  if (facts === undefined) return facts;
  const entries = Object.entries(facts).map(([name, value]) => {
    if (isSecretFact(name) && (typeof value === 'string' || typeof value === 'number'))
      return [name, fingerprint(String(value))];
    return [name, typeof value === 'string' ? redactText(value) : value];
  });
  return Object.fromEntries(entries) as T;
}

function sanitizedRequest(record: RequestRecord): RequestRecord {
  const { bearer, body_token: bodyToken } = record.credentials;
  return {
    ...record,
    path: redactText(record.path),
    query: sanitizedFacts(record.query),
    credentials: {
      ...record.credentials,
      ...(bearer === undefined ? {} : { bearer: fingerprint(bearer) }),
      ...(bodyToken === undefined ? {} : { body_token: fingerprint(bodyToken) }),
    },
    ...(record.params === undefined ? {} : { params: sanitizedFacts(record.params) }),
    ...(record.answer === undefined ? {} : { answer: sanitizedFacts(record.answer) }),
    ...(record.reason === undefined ? {} : { reason: redactText(record.reason) }),
  };
}

export function sanitizedRecord(record: JournalRecord): JournalRecord {
  if (record.kind === 'request') return sanitizedRequest(record);
  return { ...record, url: redactText(record.url) };
}

/** A client's text on the console: the project's one sanitiser (spec/output-text.ts). */
export { escapeControls } from '../spec/output-text.js';
