import { always } from '../rules/patch.js';
import type { VariantDefinition } from './types.js';

/** Variants of the catalog lookups: other choices a correct server could make. */
export const CATALOGS_VARIANTS = {
  'catalog-unknown-id-empty': {
    description: 'an unknown brand or model id is answered {status: "ok", data: {}} instead of 404',
    env: {},
    patch: { catalogs: { unknownIdData: always({}) } },
  },
} as const satisfies Record<string, VariantDefinition>;
