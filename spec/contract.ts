/**
 * Vocabulary of the contract (shared/contract.md) beside the specification: what a target must be
 * told or may offer, and the defaults the suite assumes for the embedded sandbox.
 */

/**
 * The login and consent pages' CSS selectors of the embedded sandbox: the defaults of
 * LOGIN_*_SELECTOR and CONSENT_*_SELECTOR, which another server's pages are described by.
 */
export const EMBEDDED_SANDBOX_SELECTORS = {
  loginUsername: '#login-username',
  loginPassword: '#login-password',
  loginSubmit: '#login-submit',
  consentApprove: '#consent-approve',
  consentDeny: '#consent-deny',
} as const;
