import { parseSwitches } from './switches.js';
import { AUTHORIZATION_VARIANTS } from './variant-catalogue/authorization.js';
import { CATALOGS_VARIANTS } from './variant-catalogue/catalogs.js';
import { DRIFT_VARIANTS } from './variant-catalogue/drift.js';
import { NOTIFICATIONS_VARIANTS } from './variant-catalogue/notifications.js';
import { PATH_VARIANTS } from './variant-catalogue/paths.js';
import { RESOURCES_VARIANTS } from './variant-catalogue/resources.js';
import { TOKEN_VARIANTS } from './variant-catalogue/token.js';
import type { VariantDefinition } from './variant-catalogue/types.js';

export type { VariantDefinition } from './variant-catalogue/types.js';

/**
 * Variant switches: each changes one choice the specification leaves open ("not shown") to
 * another a correct server could make. The suite must pass against every one (`npm run
 * variants`); `env` is what the suite must be told for it, as a user of such a server would.
 * One catalogue per area, under variant-catalogue/.
 */
export const VARIANTS = {
  ...AUTHORIZATION_VARIANTS,
  ...TOKEN_VARIANTS,
  ...RESOURCES_VARIANTS,
  ...CATALOGS_VARIANTS,
  ...NOTIFICATIONS_VARIANTS,
  ...DRIFT_VARIANTS,
  ...PATH_VARIANTS,
} as const satisfies Record<string, VariantDefinition>;

export type VariantName = keyof typeof VARIANTS;

export function parseVariants(list: string | undefined): VariantName[] {
  return parseSwitches(list, VARIANTS, 'SANDBOX_VARIANTS');
}
