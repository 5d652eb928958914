import type { FaultDefinition } from './types.js';

/** Faults of the token area: each the smallest deviation that breaks the requirements it names. */
export const TOKEN_FAULTS = {
  'code-reuse': {
    requirements: ['R2.2-03'],
    description: 'an authorization code can be redeemed more than once',
  },
  'code-no-expiry': {
    requirements: ['R2.2-02'],
    description: 'authorization codes never expire',
  },
  'code-concurrent-redeem': {
    requirements: ['R2.2-03'],
    description: 'the code is marked used only after an await, so two parallel redemptions both succeed',
  },
  'token-pragma-missing': {
    requirements: ['R4.2-09', 'R7.2-04'],
    description: 'the token endpoint omits Pragma: no-cache',
  },
  'token-cache-control-missing': {
    requirements: ['R4.2-08', 'R7.2-03'],
    description: 'the token endpoint omits Cache-Control: no-store',
  },
  'token-content-type-no-charset': {
    requirements: ['R4.2-07', 'R7.2-02'],
    description: 'the token endpoint sends application/json without charset=UTF-8',
  },
} as const satisfies Record<string, FaultDefinition>;
