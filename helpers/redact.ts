import { decodeFormValue, parseJsonLeniently } from './lenient-parse.js';

/**
 * One redaction helper for every writer (assertion messages, report attachments, console output).
 * Two nets: values registered as secrets are replaced wherever they appear, and fields whose name
 * says "secret" are replaced even when their value was never registered (a code issued mid-test).
 */

export const REDACTED = '[REDACTED]';

const SENSITIVE_FIELD = /^(client_secret|password|access_token|refresh_token|code|token|id_token)$/i;
const SENSITIVE_HEADER = /^(authorization|cookie|set-cookie|x-sandbox-key|proxy-authorization)$/i;
/** Values shorter than this are never registered: replacing them would shred ordinary text. */
const MIN_SECRET_LENGTH = 6;

const registeredSecrets = new Set<string>();

/** Remembers a value that must never be printed; safe to call with undefined or short values. */
export function registerSecret(value: string | null | undefined): void {
  if (value === null || value === undefined || value.length < MIN_SECRET_LENGTH) return;
  registeredSecrets.add(value);
  registeredSecrets.add(encodeURIComponent(value));
}

export function isSensitiveField(name: string): boolean {
  return SENSITIVE_FIELD.test(name);
}

export function isSensitiveHeader(name: string): boolean {
  return SENSITIVE_HEADER.test(name);
}

/** Replaces every registered secret in free text, longest first so no fragment survives. */
export function redactText(text: string): string {
  let result = text;
  const longestFirst = [...registeredSecrets].sort((a, b) => b.length - a.length);
  for (const secret of longestFirst) result = result.split(secret).join(REDACTED);
  return result;
}

/** Redacts sensitive parameters of a query string or form body, keeping its shape readable. */
export function redactForm(encoded: string): string {
  return replaceSensitiveFormValues(encoded, () => REDACTED);
}

/**
 * A query string or form body with the value of every sensitive parameter replaced by what
 * `replacement` gives for its name; the rest left byte for byte.
 */
export function replaceSensitiveFormValues(encoded: string, replacement: (name: string) => string): string {
  if (encoded === '') return encoded;
  return encoded
    .split('&')
    .map((pair) => {
      const [rawName = '', ...rest] = pair.split('=');
      if (rest.length === 0) return pair;
      const name = decodeFormValue(rawName);
      return isSensitiveField(name) ? `${rawName}=${replacement(name)}` : pair;
    })
    .join('&');
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return redactText(url);
  return redactText(url.slice(0, queryStart + 1) + redactForm(url.slice(queryStart + 1)));
}

/** Deep copy of a JSON value with sensitive fields replaced. */
export function redactJson(value: unknown): unknown {
  return replaceSensitiveJsonFields(value, () => REDACTED, redactText);
}

/**
 * A JSON value with every string under a sensitive key, at any depth, replaced by what
 * `replacement` gives for the key; every other string passed through `otherString`.
 */
export function replaceSensitiveJsonFields(
  value: unknown,
  replacement: (key: string) => string,
  otherString: (text: string) => string = (text) => text,
): unknown {
  const walk = (inner: unknown): unknown => {
    if (Array.isArray(inner)) return inner.map(walk);
    if (inner !== null && typeof inner === 'object')
      return Object.fromEntries(
        Object.entries(inner).map(([key, field]) => [
          key,
          isSensitiveField(key) && typeof field === 'string' ? replacement(key) : walk(field),
        ]),
      );
    return typeof inner === 'string' ? otherString(inner) : inner;
  };
  return walk(value);
}

export function redactHeaderValue(name: string, value: string): string {
  return isSensitiveHeader(name) ? REDACTED : redactText(value);
}

const FORM_LIKE = /^[^\s=&]+=[^\s&]*(&[^\s=&]+=[^\s&]*)*$/;

/** Whether a body reads as `name=value&...`, whatever its content type says. */
export function looksLikeForm(body: string): boolean {
  return FORM_LIKE.test(body);
}

/**
 * Redacts a body whatever its encoding: JSON, form or text. The content type is only a hint: a
 * body sent under the wrong type (the very thing some tests do) must be redacted all the same.
 */
export function redactBody(body: string, contentType: string | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  const json = parseJsonLeniently(body);
  if (json !== undefined)
    return type.includes('json')
      ? JSON.stringify(redactJson(json), null, 2)
      : JSON.stringify(redactJson(json));
  if (looksLikeForm(body)) return redactText(redactForm(body));
  return redactText(body);
}
