import type { HeaderMap, HttpRequestRecord, HttpResponseRecord } from '../record/exchange.js';
import { decodeFormValue, parseJsonLeniently } from './lenient-parse.js';
import { looksLikeForm, registerSecret } from './redact.js';
import { isPublicResponseParameter, isSecretName } from './secret-names.js';

/**
 * Registers for redaction every secret an exchange carries, wherever a faulty server put it, so
 * that it is hidden wherever it appears later (a failure message quoting it, an HTML page echoing
 * it): values under secret names in what the suite sends, secret headers of the answer, every
 * parameter but the public ones of a redirect (the code under any name, in the query or the
 * fragment) and, for a token response, every string it holds.
 */

export function registerRequestSecrets(request: HttpRequestRecord): void {
  registerUrlSecrets(request.url, (name) => isSecretName(name));
  registerHeaderSecrets(request.headers);
  if (request.body !== undefined) registerBodySecrets(request.body, (name) => isSecretName(name));
}

export function registerResponseSecrets(response: HttpResponseRecord): void {
  registerHeaderSecrets(response.headers);
  for (const name of ['location', 'content-location', 'refresh'])
    for (const value of valuesOf(response.headers[name]))
      registerRedirectSecrets(value.replace(/^\d+;\s*url=/i, ''));
}

/**
 * An authorization response (a redirect to the client): every parameter but the public ones, in
 * the query or the fragment (also `#?code=` and a fragment after `?state=...`), is a secret.
 */
export function registerRedirectSecrets(url: string): void {
  registerUrlSecrets(url, (name) => !isPublicResponseParameter(name));
}

/** A successful token response: every string in it but the public fields, whatever their names. */
export function registerTokenResponseSecrets(body: string): void {
  const json = parseJsonLeniently(body);
  if (json !== undefined) {
    registerJsonStrings(json, (name) => !isPublicResponseParameter(name));
    return;
  }
  registerBodySecrets(body.trim(), (name) => !isPublicResponseParameter(name));
}

function registerUrlSecrets(url: string, isSecret: (name: string) => boolean): void {
  const queryStart = url.indexOf('?');
  const fragmentStart = url.indexOf('#');
  const query =
    queryStart < 0 || (fragmentStart >= 0 && fragmentStart < queryStart)
      ? ''
      : url.slice(queryStart + 1, fragmentStart < 0 ? undefined : fragmentStart);
  const fragment = fragmentStart < 0 ? '' : url.slice(fragmentStart + 1).replace(/^[?/!]+/, '');
  for (const part of [query, fragment]) registerFormSecrets(part, isSecret);
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]+)@/i.exec(url)?.[1];
  if (userinfo !== undefined)
    for (const piece of [userinfo, ...userinfo.split(':')]) {
      registerSecret(piece);
      registerSecret(decodeFormValue(piece));
    }
}

function registerFormSecrets(encoded: string, isSecret: (name: string) => boolean): void {
  for (const pair of encoded.split(/[&;]/)) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (!isSecret(decodeFormValue(pair.slice(0, at)))) continue;
    const raw = pair.slice(at + 1);
    registerSecret(raw);
    registerSecret(decodeFormValue(raw));
  }
}

function registerBodySecrets(body: string, isSecret: (name: string) => boolean): void {
  const json = parseJsonLeniently(body);
  if (json !== undefined) registerJsonStrings(json, isSecret, false);
  else if (looksLikeForm(body)) registerFormSecrets(body, isSecret);
}

/** Strings under names `isSecret` accepts (every string below such a name when `below` holds). */
function registerJsonStrings(value: unknown, isSecret: (name: string) => boolean, below = true): void {
  if (Array.isArray(value)) {
    for (const item of value) registerJsonStrings(item, isSecret, below);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [name, field] of Object.entries(value)) {
    if (!isSecret(name)) {
      if (typeof field === 'object') registerJsonStrings(field, isSecret, below);
      continue;
    }
    if (typeof field === 'string') registerSecret(field);
    else if (below) registerJsonStrings(field, () => true);
    else registerJsonStrings(field, isSecret, below);
  }
}

function registerHeaderSecrets(headers: HeaderMap): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!isSecretName(name)) continue;
    for (const one of valuesOf(value)) registerHeaderValue(name, one);
  }
}

/** Authorization schemes: a header holding only one (a test sending `Bearer` alone) holds no secret. */
const SCHEMES = new Set(['bearer', 'basic', 'digest', 'mac', 'negotiate', 'token']);

function registerHeaderValue(name: string, value: string): void {
  if (SCHEMES.has(value.trim().toLowerCase())) return;
  registerSecret(value);
  if (/cookie/i.test(name)) {
    for (const pair of value.split(/;\s*/)) registerSecret(pair.slice(pair.indexOf('=') + 1));
    return;
  }
  const [scheme = '', credentials = ''] = value.split(/\s+/, 2);
  if (credentials === '') return;
  registerSecret(credentials);
  if (scheme.toLowerCase() !== 'basic') return;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon >= 0) registerSecret(decoded.slice(colon + 1));
}

function valuesOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
