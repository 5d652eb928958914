import {
  AUTHORIZATION_ERROR_CODES,
  HELPER_ERRORS,
  LISTING_ERRORS,
  NOTIFICATION_ERRORS,
} from '../../spec/errors.js';
import type { FormatName } from './cases.js';
import type { RawResponse } from './raw-http.js';
import { schemaViolations, type SchemaName } from '../../helpers/assert/schemas.js';

/**
 * What an answer to malformed input must be: never a 5xx, and a 4xx in the endpoint's own error
 * format (a 2xx or 3xx only where the endpoint may accept or redirect). Returns the violations.
 */
export function verdict(
  format: FormatName,
  method: string,
  response: RawResponse,
  ownerRedirectUri: string,
): string[] {
  if (response.status >= 500) return [`HTTP ${response.status}: a server error`];
  if (response.status < 200) return [`HTTP ${response.status}: not a final answer`];
  // A HEAD answer has the headers of the GET but no body to check.
  if (method === 'HEAD') return [];
  return FORMATS[format](response, ownerRedirectUri);
}

type FormatCheck = (response: RawResponse, ownerRedirectUri: string) => string[];

const FORMATS: Record<FormatName, FormatCheck> = {
  token: (response) => [
    ...statusIs(response, [400]),
    ...headerIs(response, 'content-type', 'application/json;charset=UTF-8'),
    ...headerIs(response, 'cache-control', 'no-store'),
    ...headerIs(response, 'pragma', 'no-cache'),
    ...schema(response, 'token-error'),
  ],
  authorize: (response, ownerRedirectUri) => {
    if (response.status === 302) return authorizeRedirect(response, ownerRedirectUri);
    if (response.status === 200 || response.status === 401) return htmlPage(response, 'login-');
    return [...clientError(response), ...htmlPage(response, 'id="error"')];
  },
  'auth-page': (response) => [...clientError(response), ...htmlPage(response, 'id="error"')],
  'basic-user-info': (response) =>
    response.status === 200
      ? schema(response, 'basic-user-info')
      : reasoned(response, ['BAD_REQUEST', 'ACCESS_DENIED', 'ACCESS_SCOPE_DENIED', 'NOT_FOUND']),
  listing: (response) =>
    response.status === 200
      ? schema(response, 'listing-page')
      : reasoned(response, Object.keys(LISTING_ERRORS)),
  catalog: (response) => (response.status === 200 ? catalogPage(response) : catalogError(response)),
  notification: (response) => {
    if (response.status === 204) return response.body.length === 0 ? [] : ['a 204 with a body'];
    if (response.status === 200 || response.status === 201) return [];
    return reasoned(response, Object.keys(NOTIFICATION_ERRORS));
  },
  'test-helper': (response) => {
    if (response.status >= 200 && response.status < 300)
      return json(response) === undefined ? ['not JSON'] : [];
    const problems = reasoned(response, Object.keys(HELPER_ERRORS));
    const reason = (json(response) as { reason?: string } | undefined)?.reason ?? '';
    const expected = HELPER_ERRORS[reason as keyof typeof HELPER_ERRORS].status;
    return expected === response.status
      ? problems
      : [...problems, `reason ${reason} with HTTP ${response.status} (contract: ${expected})`];
  },
  'apps-other': (response) =>
    response.status === 200 ? [] : reasoned(response, ['BAD_REQUEST', 'NOT_FOUND', 'ACCESS_DENIED']),
};

function clientError(response: RawResponse): string[] {
  return response.status >= 400 && response.status < 500 ? [] : [`HTTP ${response.status}, expected a 4xx`];
}

function statusIs(response: RawResponse, allowed: readonly number[]): string[] {
  return allowed.includes(response.status)
    ? []
    : [`HTTP ${response.status}, expected ${allowed.join(' or ')}`];
}

function headerIs(response: RawResponse, name: string, value: string): string[] {
  const actual = response.headers[name];
  return actual === value ? [] : [`${name}: ${actual ?? '(none)'}, expected ${value}`];
}

function json(response: RawResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function schema(response: RawResponse, name: SchemaName): string[] {
  const body = json(response);
  if (body === undefined) return [`body is not JSON: ${response.body.toString('utf8').slice(0, 200)}`];
  return schemaViolations(name, body).map((violation) => `${name}: ${violation}`);
}

/** `{reason, message}` (the shape of 7.3, schema listing-error) with a reason of that endpoint. */
function reasoned(response: RawResponse, reasons: readonly string[]): string[] {
  const problems = [...clientError(response), ...schema(response, 'listing-error')];
  const reason = (json(response) as { reason?: unknown } | undefined)?.reason;
  if (typeof reason === 'string' && !reasons.includes(reason))
    problems.push(`reason ${reason}, expected one of ${reasons.join(', ')}`);
  return problems;
}

function catalogPage(response: RawResponse): string[] {
  const ids = schema(response, 'catalog-ids');
  return ids.length === 0 || schema(response, 'catalog-cubic-capacities').length === 0 ? [] : ids;
}

/** The sandbox's catalog errors: `{status: "error", reason, message}`. */
function catalogError(response: RawResponse): string[] {
  const problems = [...clientError(response), ...schema(response, 'listing-error')];
  const status = (json(response) as { status?: unknown } | undefined)?.status;
  if (status !== 'error') problems.push(`status ${JSON.stringify(status)}, expected "error"`);
  return problems;
}

function htmlPage(response: RawResponse, marker: string): string[] {
  const type = response.headers['content-type'] ?? '';
  const body = response.body.toString('utf8');
  const problems = type.startsWith('text/html') ? [] : [`content-type ${type}, expected an HTML page`];
  if (!body.includes(marker)) problems.push(`no ${marker} in the page: ${body.slice(0, 200)}`);
  return problems;
}

/** 7.1: a redirect goes only to the registered URI, with an `error` of 7.1 (no code without consent). */
function authorizeRedirect(response: RawResponse, ownerRedirectUri: string): string[] {
  const location = response.headers.location ?? '';
  if (!location.startsWith(`${ownerRedirectUri}?`))
    return [`redirect to ${location}, not the registered URI`];
  const error = new URL(location).searchParams.get('error') ?? '';
  return (AUTHORIZATION_ERROR_CODES as readonly string[]).includes(error)
    ? []
    : [`redirect with error ${JSON.stringify(error)}, not a 7.1 code`];
}
