import { AUTHORIZATION_FAULTS } from './fault-catalogue/authorization.js';
import { CATALOGS_FAULTS } from './fault-catalogue/catalogs.js';
import { NOTIFICATIONS_FAULTS } from './fault-catalogue/notifications.js';
import { PATH_FAULTS } from './fault-catalogue/paths.js';
import { RESOURCES_FAULTS } from './fault-catalogue/resources.js';
import { TOKEN_FAULTS } from './fault-catalogue/token.js';
import type { FaultDefinition } from './fault-catalogue/types.js';
import { parseSwitches } from './switches.js';

export type { FaultDefinition } from './fault-catalogue/types.js';

/**
 * Fault switches: each one is the smallest deviation from the specification that breaks exactly
 * the requirements it names. They exist so the suite can prove that its checks fail for the right
 * reason (`npm run mutants`). Faults are turned on at start (option or SANDBOX_FAULTS) or while the
 * sandbox runs (the switches of the test helpers, rule-switches.ts). One catalogue per area, under
 * fault-catalogue/.
 */
export const FAULTS = {
  ...AUTHORIZATION_FAULTS,
  ...TOKEN_FAULTS,
  ...RESOURCES_FAULTS,
  ...CATALOGS_FAULTS,
  ...NOTIFICATIONS_FAULTS,
  ...PATH_FAULTS,
} as const satisfies Record<string, FaultDefinition>;

export type FaultName = keyof typeof FAULTS;

export function isFaultName(value: string): value is FaultName {
  return Object.hasOwn(FAULTS, value);
}

export function parseFaults(list: string | undefined): FaultName[] {
  return parseSwitches(list, FAULTS, 'SANDBOX_FAULTS');
}
