import { parseSwitches, SwitchSet } from './switches.js';

/**
 * Variant switches: each changes one choice the specification leaves open ("not shown") to
 * another a correct server could make. The suite must pass against every one (`npm run
 * variants`); `env` is what the suite must be told for it, as a user of such a server would.
 */
export const VARIANTS = {
  'notify-other-body': {
    description:
      'notification bodies with other field names: {event, ad_identifier, classified_id (a number), new_state, timestamp (epoch seconds)}',
    env: {},
  },
  'notify-token-header': {
    description: 'the notification token raw in X-Hook-Token, named to the suite by WEBHOOK_TOKEN_HEADER',
    env: { WEBHOOK_TOKEN_HEADER: 'X-Hook-Token' },
  },
  'notify-token-header-unnamed': {
    description:
      'the notification token raw in X-Hook-Token, not named to the suite (any header may carry it)',
    env: {},
  },
  'notify-local-time': {
    description:
      'the time of the change without a UTC offset, in São Paulo time (UTC-3), as production sends it',
    env: {},
  },
  'listing-other-statuses': {
    description:
      'listing errors with other HTTP statuses: 422, 403, 403, 503 and 503 instead of 400, 401, 401, 429 and 500',
    env: {},
  },
  'listing-empty-last-page': {
    description: 'a full last page still carries a next_token, to an empty page (4.4 rule 3 allows it)',
    env: {},
  },
  'listing-rejects-fetch-size-over-200': {
    description: 'fetch_size above 200 is refused with BAD_REQUEST instead of clamped to 200',
    env: {},
  },
  'listing-hex-page-tokens': {
    description: 'page tokens of another form: hexadecimal, with a tilde before the signature',
    env: {},
  },
  'listing-prefixed-current-token': {
    description:
      'current_token of another form than the page_token that was sent (prefixed "c."), accepted back',
    env: {},
  },
  'catalog-unknown-id-empty': {
    description: 'an unknown brand or model id is answered {status: "ok", data: {}} instead of 404',
    env: {},
  },
  'login-other-markup': {
    description:
      'login and consent pages with other markup (no ids; names and classes), named to the suite by the selector variables',
    env: {
      LOGIN_USERNAME_SELECTOR: 'form.sign-in input[name="login"]',
      LOGIN_PASSWORD_SELECTOR: 'form.sign-in input[name="password"]',
      LOGIN_SUBMIT_SELECTOR: 'form.sign-in button.primary',
      CONSENT_APPROVE_SELECTOR: 'form.decision button.allow',
      CONSENT_DENY_SELECTOR: 'form.decision button.reject',
    },
  },
  'login-redirects-back': {
    description:
      'a successful login redirects back to the authorization URL, where the new session skips the login page and shows the consent',
    env: {},
  },
  'authz-scope-ignored': {
    description:
      'unknown or misspelt scope values are ignored (5 rule 2), access_denied when none is left; the token response names the granted scope (RFC 6749 5.1)',
    env: {},
  },
  'resources-other-2xx': {
    description:
      'catalog lookups and basic user info answer HTTP 201 instead of 200 (the spec shows no status)',
    env: {},
  },
  'authz-other-redirects': {
    description:
      'the way back to the client is a 200 page that moves on by script and meta refresh, and the approval adds session_state, scope and iss (RFC 6749 4.1.2: the client ignores them)',
    env: {},
  },
  'clients-other-registration': {
    description:
      'client_ids of digits only (no other case exists), and only https redirect URIs can be registered, named to the suite by CONFORMANCE_REDIRECT_ORIGIN',
    env: { CONFORMANCE_REDIRECT_ORIGIN: 'https://127.0.0.1:9' },
  },
  'listing-rate-limit-grouped': {
    description:
      'the RATE_LIMIT message names the headline limit with a digit group: "You have exceeded the 5.000 requests in 60 seconds limit!"',
    env: {},
  },
  'token-basic-auth': {
    description:
      'HTTP Basic client authentication accepted besides the body (RFC 6749 2.3.1); a failed Basic authentication is 401 invalid_client with WWW-Authenticate (RFC 6749 5.2)',
    env: {},
  },
  'token-other-refusals': {
    description:
      'token refusals in another order or layer: the client is authenticated first (an empty request is invalid_client), a JSON body is 415, a value over 4 kB is 413, a GET is redirected back with error=invalid_request (or 405); responses say application/json without charset',
    env: {},
  },
} as const satisfies Record<string, { description: string; env: Record<string, string> }>;

export type VariantName = keyof typeof VARIANTS;

export function parseVariants(list: string | undefined): VariantName[] {
  return parseSwitches(list, VARIANTS, 'SANDBOX_VARIANTS');
}

export class VariantSet extends SwitchSet<VariantName> {}
