import type { CLIENT_AUTHENTICATION_RULES } from './authenticate-client.js';
import type { CODE_CHECKS } from './check-code.js';
import type { FORM_CHECKS } from './check-form.js';
import type { GRANT_TYPE_CHECKS } from './check-grant-type.js';
import type { SCOPE_CHECKS } from './check-scope.js';
import type { TokenCheck } from './exchange.js';

/**
 * The rules the exchange is made of, as the check modules' tables type them (the whole area's type
 * cannot be named here: the rule exchangeOrder is this pipeline, so it would be its own type).
 */
export type ExchangeChecks = Readonly<
  typeof FORM_CHECKS &
    typeof GRANT_TYPE_CHECKS &
    typeof CLIENT_AUTHENTICATION_RULES &
    typeof CODE_CHECKS &
    typeof SCOPE_CHECKS & {
      /** R4.2-11: a seam (seams.ts), where the reference does nothing. */
      unknownParametersIgnored: TokenCheck;
    }
>;

/**
 * The code exchange of POST /oauth/token (4.2, 7.2), in the order its checks run, as the rules in
 * force have them: each throws the endpoint's error, or records what it found. The first check
 * that throws ends the request; when all pass, the code is redeemed.
 */
export const tokenExchange = (rules: ExchangeChecks): readonly TokenCheck[] => [
  rules.formRead,
  rules.parametersNotRepeated,
  rules.valuesBounded,
  rules.unknownParametersIgnored,
  rules.grantTypePresent,
  rules.grantTypeSupported,
  rules.clientAuthenticated,
  rules.codePresent,
  rules.redirectUriPresent,
  rules.codeKnown,
  rules.codeIssuedToClient,
  rules.codeUnused,
  rules.codeUnexpired,
  rules.redirectUriMatches,
  rules.scopeNarrowed,
];
