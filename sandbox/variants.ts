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
} as const satisfies Record<string, { description: string; env: Record<string, string> }>;

export type VariantName = keyof typeof VARIANTS;

export function parseVariants(list: string | undefined): VariantName[] {
  return parseSwitches(list, VARIANTS, 'SANDBOX_VARIANTS');
}

export class VariantSet extends SwitchSet<VariantName> {}
