import type { AuthorizationErrorCode } from '../../spec/errors.js';
import type { AuthorizationOutcome } from '../clients/authorization-flow.js';
import { expectAnswerInQuery } from './expect-query-response.js';
import { idsOrCovered, type RequirementIds } from './covered.js';
import { verify } from './verify.js';

type Redirected = Extract<AuthorizationOutcome, { kind: 'redirected' }>;
type Stopped = Extract<AuthorizationOutcome, { kind: 'stopped' }>;

export interface ExpectedRedirect {
  /** The redirect URI the browser must reach, compared without the query the server appends. */
  redirectUri: string;
  /** The state that was sent (undefined: none was sent, so none may come back). */
  state: string | undefined;
}

function describe(outcome: AuthorizationOutcome): string {
  return outcome.kind === 'redirected'
    ? `redirected to ${outcome.url.toString()}`
    : `no redirect: stayed on ${outcome.on === 'other' ? 'a page' : `the ${outcome.on} page`} ${outcome.url} (HTTP ${outcome.status ?? 'unknown'})`;
}

/**
 * The URL reached, without the response parameters: code, state and the error ones, and any other
 * parameter the redirect URI does not hold itself (RFC 6749 4.1.2: the client ignores unrecognized
 * response parameters, such as session_state, scope or iss). The URI's own query stays, to compare.
 */
function baseOf(url: URL, redirectUri: string): string {
  const own = new Set(ownQueryNames(redirectUri));
  const copy = new URL(url.toString());
  for (const name of [...new Set(copy.searchParams.keys())])
    if (RESPONSE_PARAMETERS.has(name) || !own.has(name)) copy.searchParams.delete(name);
  const text = copy.toString();
  return text.endsWith('?') ? text.slice(0, -1) : text;
}

const RESPONSE_PARAMETERS = new Set(['code', 'state', 'error', 'error_description', 'error_uri']);

function ownQueryNames(redirectUri: string): string[] {
  try {
    return [...new URL(redirectUri).searchParams.keys()];
  } catch {
    return [];
  }
}

function expectRedirected(
  outcome: AuthorizationOutcome,
  expected: ExpectedRedirect,
  ids: readonly string[],
): Redirected {
  verify(outcome.kind === 'redirected', ids, `a redirect to ${expected.redirectUri}`, describe(outcome));
  expectAnswerInQuery(outcome, ids);
  return outcome;
}

function expectRedirectTo(
  outcome: AuthorizationOutcome,
  expected: ExpectedRedirect,
  ids: readonly string[],
): Redirected {
  const redirected = expectRedirected(outcome, expected, ids);
  const reached = baseOf(redirected.url, expected.redirectUri);
  verify(
    reached === expected.redirectUri,
    ids,
    `the redirect to be exactly ${expected.redirectUri}`,
    `redirected to ${reached}`,
  );
  const returned = redirected.params.getAll('state');
  if (expected.state === undefined) {
    verify(
      returned.length === 0,
      'R5-02',
      'no state parameter, since none was sent',
      `state=${returned.join(',')}`,
    );
  } else {
    verify(
      returned.length === 1 && returned[0] === expected.state,
      ['R4.1-08', ...ids],
      `state returned unchanged: ${JSON.stringify(expected.state)}`,
      `state ${JSON.stringify(returned)}`,
    );
  }
  return redirected;
}

/** Approval: back at the redirect URI with a non-empty code, no error, state unchanged. */
export function expectRedirectWithCode(
  outcome: AuthorizationOutcome,
  expected: ExpectedRedirect,
  given?: RequirementIds,
): string {
  const ids = idsOrCovered(given);
  // The code is checked before the exact redirect URI, so that a code delivered elsewhere (another
  // parameter name, the fragment) is reported as what it is, without showing where it went.
  const redirected = expectRedirected(outcome, expected, ids);
  verify(redirected.error === null, ids, 'no error parameter', `error=${redirected.error ?? ''}`);
  const codes = redirected.params.getAll('code');
  verify(
    codes.length === 1 && codes[0] !== '',
    ['R2.2-01', ...ids],
    'exactly one non-empty `code` query parameter',
    `${codes.length} code parameter(s) in the query`,
  );
  expectRedirectTo(outcome, expected, ids);
  return codes[0] as string;
}

/** Failure or denial: back at the redirect URI with `error` among the allowed codes and no code. */
export function expectRedirectWithError(
  outcome: AuthorizationOutcome,
  expected: ExpectedRedirect & { errors: readonly AuthorizationErrorCode[] },
  given?: RequirementIds,
): AuthorizationErrorCode {
  const ids = idsOrCovered(given);
  const redirected = expectRedirectTo(outcome, expected, ids);
  const wanted = expected.errors.join(' or ');
  verify(redirected.code === null, ids, `no code, an error ${wanted}`, 'a code was issued');
  verify(
    redirected.error !== null && (expected.errors as readonly string[]).includes(redirected.error),
    ids,
    `error=${wanted}`,
    `error=${redirected.error ?? '(absent)'}`,
  );
  return redirected.error as AuthorizationErrorCode;
}

/** No redirect to the client at all; optionally the status of the page the browser stayed on. */
export function expectNoRedirect(
  outcome: AuthorizationOutcome,
  ids?: RequirementIds,
  status?: { expected: number; ids: readonly string[] },
): Stopped {
  verify(outcome.kind === 'stopped', idsOrCovered(ids), 'no redirect to the redirect URI', describe(outcome));
  if (status !== undefined) {
    verify(
      outcome.status === status.expected,
      status.ids,
      `HTTP ${status.expected}`,
      `HTTP ${outcome.status ?? 'unknown'} at ${outcome.url}`,
    );
  }
  return outcome;
}
