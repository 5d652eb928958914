import { decodeFormValue, parseJsonLeniently } from './lenient-parse.js';
import { givenSecrets, secretBearingVariables } from './secret-given.js';
import { isSecretName } from './secret-names.js';
import { addSecret, replaceSecrets } from './secret-registry.js';
import { settings } from '../../config/environment.js';

/**
 * One redaction helper for every writer (assertion messages, report attachments, console output).
 * Three nets: every value the run issued or was given is replaced wherever it appears, in any
 * encoding a report could hold (helpers/report/secret-encodings.ts); every value under a name that says
 * "secret" (helpers/report/secret-names.ts) is replaced whatever it is, in JSON, forms, URLs (query and
 * fragment), headers and free text, parsed or not (a truncated body, an HTML page); and the
 * userinfo of every URL is replaced.
 */

export const REDACTED = '[REDACTED]';

/**
 * Turns every redaction off: only for the secret scan's control run (selftest/secret-scan.spec.ts),
 * which proves that the scan finds each kind of secret when nothing hides it.
 */
export const NO_REDACTION_VARIABLE = 'CONFORMANCE_SELFTEST_NO_REDACTION';

function redactionOff(): boolean {
  return settings().CONFORMANCE_SELFTEST_NO_REDACTION;
}

/** Remembers a value that must never be printed; safe to call with undefined or short values. */
export function registerSecret(value: string | null | undefined): void {
  if (value === null || value === undefined) return;
  addSecret(value);
  const trimmed = value.trim();
  if (trimmed !== value) addSecret(trimmed);
}

let environmentSeen = '';
let environmentReadThisTurn = false;
/**
 * The environment's secrets, registered again whenever it changes (global setup sets some).
 * Parsing every URL variable on each redaction cost a worker most of a second in a run: they are
 * parsed again only when a variable that can hold a secret changes. Reading the environment at all
 * (Node asks the C++ side for every variable) cost a worker another second, called for each string
 * of a body: it is read once per synchronous run of code (one redaction of an exchange). The run
 * sets its variables (.env, global setup) before it redacts anything; a variable set later by code
 * that redacted in the same synchronous run would be read from its next turn on.
 */
function registerGivenSecrets(): void {
  if (environmentReadThisTurn) return;
  environmentReadThisTurn = true;
  queueMicrotask(() => {
    environmentReadThisTurn = false;
  });
  const seen = JSON.stringify(secretBearingVariables());
  if (seen === environmentSeen) return;
  environmentSeen = seen;
  for (const value of givenSecrets()) registerSecret(value);
}

export function isSensitiveField(name: string): boolean {
  return isSecretName(name);
}

export function isSensitiveHeader(name: string): boolean {
  return isSecretName(name);
}

/** `scheme://user:password@` anywhere in a text. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>\\]+@/gi;
/** `"name": "value"` of JSON, also inside a body that does not parse (truncated, or in HTML). */
const JSON_PAIR = /("((?:[^"\\]|\\.)*)"\s*:\s*")((?:[^"\\]|\\.)+)("?)/g;
/** `"name": 123` of JSON: a number under a secret name (a numeric code) is hidden too. */
const JSON_NUMBER = /("((?:[^"\\]|\\.)*)"\s*:\s*)(-?\d[\d.eE+-]*)/g;
/** `name=value` of a query, fragment, form or cookie, wherever it stands in a text. */
const FORM_PAIR = /(^|[?&#;,\s"'(<>/])([A-Za-z0-9_.~%[\]-]+)=([^&#\s"'<>]+)/g;
/** `Name: value` lines of headers, in a raw HTTP dump or a message. */
const HEADER_LINE = /^([A-Za-z0-9_-]+):([ \t]*)(\S.*)$/gm;

/** Replaces every secret in free text: values the run knows, values under secret names, userinfo. */
export function redactText(text: string): string {
  if (redactionOff()) return text;
  registerGivenSecrets();
  return redactNamedValues(replaceSecrets(text, REDACTED));
}

function redactNamedValues(text: string): string {
  return text
    .replace(USERINFO, (_match, scheme: string) => `${scheme}${REDACTED}@`)
    .replace(JSON_PAIR, (match, head: string, name: string, _value: string, close: string) =>
      isSecretName(name) ? `${head}${REDACTED}${close}` : match,
    )
    .replace(JSON_NUMBER, (match, head: string, name: string) =>
      isSecretName(name) ? `${head}"${REDACTED}"` : match,
    )
    .replace(FORM_PAIR, (match, before: string, name: string) =>
      isSecretName(decodeFormValue(name)) ? `${before}${name}=${REDACTED}` : match,
    )
    .replace(HEADER_LINE, (match, name: string, space: string) =>
      isSecretName(name) ? `${name}:${space}${REDACTED}` : match,
    );
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

/** A URL with its userinfo, its secret query and fragment parameters and every known secret hidden. */
export function redactUrl(url: string): string {
  return redactText(url);
}

/** Deep copy of a JSON value with sensitive fields replaced. */
export function redactJson(value: unknown): unknown {
  if (redactionOff()) return value;
  return replaceSensitiveJsonFields(value, () => REDACTED, redactText);
}

/**
 * A JSON value with every string or number under a sensitive key, at any depth, replaced by what
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
          otherString(key),
          isSensitiveField(key) && (typeof field === 'string' || typeof field === 'number')
            ? replacement(key)
            : walk(field),
        ]),
      );
    return typeof inner === 'string' ? otherString(inner) : inner;
  };
  return walk(value);
}

export function redactHeaderValue(name: string, value: string): string {
  if (redactionOff()) return value;
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
  if (redactionOff()) return body;
  const type = (contentType ?? '').toLowerCase();
  const json = parseJsonLeniently(body);
  if (json !== undefined)
    return type.includes('json')
      ? JSON.stringify(redactJson(json), null, 2)
      : JSON.stringify(redactJson(json));
  if (looksLikeForm(body)) return redactText(redactForm(body));
  return redactText(body);
}
