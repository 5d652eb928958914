import type { FaultDefinition } from './types.js';

/** Faults of the authorization area: each the smallest deviation that breaks the requirements it names. */
export const AUTHORIZATION_FAULTS = {
  'redirect-uri-prefix-match': {
    requirements: ['R4.1-05'],
    description: 'a redirect_uri that merely starts with a registered URI is accepted',
  },
} as const satisfies Record<string, FaultDefinition>;
