import { CODE_LIFETIME_MS } from '../../spec/limits.js';
import type { AuthorizationCode } from '../store/codes.js';
import { CLIENT_AUTHENTICATION_RULES } from './authenticate-client.js';
import { CODE_CHECKS } from './check-code.js';
import { FORM_CHECKS } from './check-form.js';
import { GRANT_TYPE_CHECKS } from './check-grant-type.js';
import { SCOPE_CHECKS } from './check-scope.js';
import type { TokenMethod } from './exchange.js';
import { usePost } from './respond.js';
import { RESPONSE_RULES } from './responses.js';
import type { TOKEN_SEAMS } from './seams.js';

/** R4.2-01: POST is the exchange; another method is a 7.2 invalid_request. */
const getRefused: TokenMethod = (call) => usePost(call);

/** The code and its redemption (2.2). */
const REDEMPTION = {
  /** R2.2-03: a code is single use; the exchange that gives a token marks it used. */
  markUsed: (code: AuthorizationCode): void => {
    code.used = true;
  },
  /** R2.2-02, R8-02: a code lives ten minutes. */
  codeLifetimeMs: (): number => CODE_LIFETIME_MS,
};

/**
 * The token area's spec rules (2.2, 2.3, 4.2, 7.2: POST /oauth/token), by name, each headed by
 * the requirement ids it enforces; where a fault bends the endpoint is its seams (seams.ts). Both
 * are patched by name (rules/patch.ts).
 */
export const TOKEN_RULES = {
  answerGet: getRefused,
  ...FORM_CHECKS,
  ...GRANT_TYPE_CHECKS,
  ...CLIENT_AUTHENTICATION_RULES,
  ...CODE_CHECKS,
  ...SCOPE_CHECKS,
  ...REDEMPTION,
  ...RESPONSE_RULES,
};

/** The token area's rules in force: its spec rules and its seams, patched or not. */
export type TokenRules = Readonly<typeof TOKEN_RULES & typeof TOKEN_SEAMS>;
