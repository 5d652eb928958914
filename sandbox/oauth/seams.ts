import { consentAsked, returnAfterLogin } from './approval.js';
import { redirectUriMismatchStatus } from './check-redirect-uri.js';
import { unknownParametersIgnored } from './check-request.js';
import { untrustedRequestRedirect } from './error-redirect.js';
import { reportedError } from './injected-failure.js';
import { registrableRedirectUris } from './registration.js';
import { returnedState } from './returned-state.js';

/**
 * The places of the authorization area where a fault or a variant bends it. The reference does
 * nothing here: it passes a value on unchanged (`state`, an injected error), adds nothing (no
 * redirect for an untrusted request, no stop after login, no condition on redirect URIs), asks
 * consent every time and gives 7.1's one status; each is defined beside the check it sits in. The
 * spec's checks are the area's rules (rules.ts). A patch names a seam as it names a rule.
 */
export const AUTHORIZATION_SEAMS = {
  unknownParametersIgnored,
  returnedState,
  reportedError,
  redirectUriMismatchStatus,
  untrustedRequestRedirect,
  returnAfterLogin,
  consentAsked,
  registrableRedirectUris,
  /**
   * `{auth_url}/oauth/` is served as `/oauth`: the official PHP client builds its authorize URL as
   * `auth_url + '/?' + query` (docs/sandbox-import.md, "Production's leniency"); the switch
   * strict-oauth-path refuses it.
   */
  slashedAuthorizationPath: (): boolean => true,
};
