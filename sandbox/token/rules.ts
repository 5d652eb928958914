import { CODE_LIFETIME_MS } from '../../spec/limits.js';
import type { AuthorizationCode } from '../store/codes.js';

/**
 * The token area's rules (4.2, 2.2, 2.3, 7.2: POST /oauth/token), by name: the reference
 * behaviour, which faults and variants patch (rules/patch.ts).
 */
export const TOKEN_RULES = {
  /** R2.2-03: a code is single use; the exchange that gives a token marks it used. */
  markUsed: (code: AuthorizationCode): void => {
    code.used = true;
  },
  /** R2.2-02, R8-02: a code lives ten minutes. */
  codeLifetimeMs: (): number => CODE_LIFETIME_MS,
};
export type TokenRules = typeof TOKEN_RULES;
