import { TokenError } from '../../spec/errors.js';
import type { TokenExchange } from './exchange.js';

/** R4.2-03, R7.2-05: grant_type is sent. */
export function grantTypePresent({ form }: TokenExchange): void {
  const grantType = form.get('grant_type');
  if (grantType === undefined || grantType === '')
    throw new TokenError('invalid_request', 'grant_type is missing.');
}

/** R4.2-05, R7.2-09: the only grant type is authorization_code; another is unsupported_grant_type. */
export function grantTypeSupported({ form }: TokenExchange): void {
  if (form.get('grant_type') !== 'authorization_code')
    throw new TokenError('unsupported_grant_type', 'Only authorization_code is supported.');
}

/** This module's rules, by name (token/rules.ts spreads them into the area's table). */
export const GRANT_TYPE_CHECKS = { grantTypePresent, grantTypeSupported };
