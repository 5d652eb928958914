import { environment } from '../../config/environment.js';
/**
 * "Broken is not failed": a target that is down, refuses connections, times out, fails TLS or
 * answers with a gateway's page instead of the API is an environment problem, reported apart from
 * conformance failures. Only clear signs count: a server that answers with a wrong status or body
 * is non-conforming, and its test fails as usual.
 */

/**
 * Playwright prefixes an error's name to its message, and reporters only see that text: the name
 * is chosen so that the headline reads "Broken environment: <cause>", which the Allure category,
 * the results post-processing and the run summary recognise (BROKEN_ENVIRONMENT_PATTERN).
 */
export const BROKEN_ENVIRONMENT = 'Broken environment';

/** Matches the message of a test that ended on a BrokenEnvironmentError (scripts/lib.ts reads it too). */
export const BROKEN_ENVIRONMENT_PATTERN = /^Broken environment: /;

/** The name of a SetUpError (../assert/set-up.ts): a set-up step that could not proceed. */
export const SET_UP_FAILED = 'Set-up could not proceed';

/** Matches the message of a test that ended on a SetUpError (scripts/lib.ts reads it too). */
export const SET_UP_FAILED_PATTERN = /^Set-up could not proceed: /;

/** An environment problem; its message's first line is the one-line cause, details follow. */
export class BrokenEnvironmentError extends Error {
  constructor(cause: string, details?: string) {
    super(details === undefined ? cause : `${cause}\n${details}`);
    this.name = BROKEN_ENVIRONMENT;
  }
}

/** Set by global setup when the preflight found no usable target: every test is then broken at once. */
export const PREFLIGHT_CAUSE_VARIABLE = 'CONFORMANCE_BROKEN_ENVIRONMENT';

/**
 * The annotation of a test stopped by that preflight cause: it is skipped at once (no worker
 * restart per test) and the reporters count it as broken (scripts/lib.ts reads it too).
 */
export const PREFLIGHT_ANNOTATION = 'broken-environment';

/**
 * A test's annotations when global setup's preflight found no usable target, none otherwise; the
 * details of every test carry them (helpers/assert/covers.ts, advise.ts). Global setup runs in
 * Playwright's main process before the test files are loaded there, so the cause is known when
 * each test is declared, and a `skip` annotation in a test's details is Playwright's static skip: a
 * group of such tests is reported by the runner itself and never sent to a worker. A dead target then
 * costs no worker start, no second import of the suite and no round trip per test (docs/report.md, "Broken
 * is not failed"). The annotations are those the `preflightCause` fixture gives a test it stops in a
 * worker (fixtures/worker.ts, the way for a test declared without them), so the reporters count
 * both alike.
 */
export function preflightAnnotations(): Array<{ type: string; description: string }> {
  const cause = environment()[PREFLIGHT_CAUSE_VARIABLE] ?? '';
  if (cause === '') return [];
  return [
    { type: PREFLIGHT_ANNOTATION, description: cause },
    { type: 'skip', description: `${BROKEN_ENVIRONMENT}: ${cause}` },
  ];
}

/** Node and undici error codes in words, so the cause fits one line and says what to look at. */
const CAUSES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^ECONNREFUSED$/, 'connection refused (is the server running on that port?)'],
  [
    /^ECONNRESET$|^UND_ERR_SOCKET$/,
    'connection reset by the server (an http:// URL on an HTTPS port? use https:// for TARGET_AUTH_URL)',
  ],
  [/^ENOTFOUND$|^EAI_AGAIN$/, 'host name not found'],
  [/^EHOSTUNREACH$|^ENETUNREACH$/, 'host unreachable'],
  [/^UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT$|^ETIMEDOUT$|^TimeoutError$/, 'no answer in time'],
  [
    /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|EPROTO/,
    'TLS failed (set TLS_CA_FILE for a private CA, or check http/https)',
  ],
];

/** One line saying why a connection-level error happened, from its code (or its cause's). */
export function describeNetworkError(error: unknown): string {
  const code = errorCode(error);
  const known = CAUSES.find(([pattern]) => pattern.test(code));
  const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return known === undefined ? (text ?? 'unknown error') : `${known[1]} [${code}]`;
}

function errorCode(error: unknown): string {
  if (!(error instanceof Error)) return '';
  const own = (error as Error & { code?: unknown }).code;
  if (typeof own === 'string' && own !== '') return own;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'TimeoutError';
  return error.cause === undefined ? '' : errorCode(error.cause);
}

/** A gateway's or proxy's page (502, 503, 504 in HTML) stands where the API should answer. */
export function isGatewayPage(status: number, contentType: string | undefined): boolean {
  return [502, 503, 504].includes(status) && /text\/html/i.test(contentType ?? '');
}

/** The origin and path of a URL, without its query (which may carry a state or a client id). */
export function whereOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}
