import type { AuthorizationOutcome } from '../clients/authorization-flow.js';
import { verify } from './verify.js';

type Redirected = Extract<AuthorizationOutcome, { kind: 'redirected' }>;

/** The parameters of an authorization response (5, 7.1). */
const RESPONSE_PARAMETERS = ['code', 'error', 'state'];

/**
 * 5 rule 4 and 7.1 put the answer (code or error, and state) in the query of the redirect. A
 * server that puts it in the fragment (the implicit grant's way) is reported as that, with the
 * URL the browser reached, fragment included, rather than as a state or a code that is missing.
 */
export function expectAnswerInQuery(redirected: Redirected, ids: readonly string[]): void {
  const fragment = new URLSearchParams(redirected.fragment);
  const inQuery = RESPONSE_PARAMETERS.some((name) => redirected.params.has(name));
  const inFragment = RESPONSE_PARAMETERS.filter((name) => fragment.has(name));
  verify(
    inQuery || inFragment.length === 0,
    ids,
    'the answer (code or error, and state) in the query of the redirect URI, as 5 and 7.1 put it',
    `it came in the fragment (${inFragment.join(', ')}): the browser reached ${redirected.url.toString()}#${redirected.fragment}`,
  );
}
