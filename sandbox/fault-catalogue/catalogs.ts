import { VERSIONED_CATALOG_PREFIX } from '../catalogs/routes.js';
import type { CatalogCheck } from '../catalogs/lookup.js';
import { queryGrant, stringIds } from './resources-deviations.js';
import { always } from '../rules/patch.js';
import type { FaultDefinition } from './types.js';

/**
 * The token check skipped at one level of the chains only: the models lookups (the path names a
 * brand id) or the versions lookups (it names a model id too), as a server that checks the token
 * where a chain starts, or at its first two levels, would.
 */
function tokenUncheckedAt(level: 'models' | 'versions'): (check: CatalogCheck) => CatalogCheck {
  return (check) => (lookup) => {
    const { brandId, modelId } = lookup.request.params;
    const at = brandId === undefined ? 'brands' : modelId === undefined ? 'models' : 'versions';
    if (at !== level) check(lookup);
  };
}

/**
 * Faults of the catalog lookups (4.5, 2.6, 9): each the smallest deviation that breaks the
 * requirements it names, as a patch of the rules it changes (catalogs/rules.ts).
 */
export const CATALOGS_FAULTS = {
  'catalog-success-status-400': {
    requirements: ['R4.5-01'],
    description: 'catalog lookups send their data with HTTP 400',
    patch: { catalogs: { catalogSuccessStatus: always(400) } },
  },
  'catalog-string-ids': {
    requirements: ['R2.6-02'],
    description: 'catalog ids are sent as strings instead of integers',
    patch: { catalogs: { catalogEnvelope: stringIds } },
  },
  'catalog-invalid-token-ok': {
    requirements: ['R5-06'],
    description: 'catalog lookups answer status ok to an invalid token',
    patch: { catalogs: { catalogTokenValid: always(undefined) } },
  },
  'catalog-status-success': {
    requirements: ['R2.6-01'],
    description: 'catalog answers carry status "success" instead of "ok"',
    patch: {
      catalogs: { catalogEnvelope: (envelope) => (data) => ({ ...envelope(data), status: 'success' }) },
    },
  },
  'catalog-token-in-query-only': {
    requirements: ['R4.5-01'],
    description:
      'catalog lookups read access_token from the query string only, so the JSON body token is refused',
    patch: { catalogs: { catalogGrant: () => queryGrant } },
  },
  'catalog-models-stale-brand-ids': {
    requirements: ['R4.5-02'],
    description:
      'the models lookups expect brand ids in another id space (the brand id plus 1000), not the ids the brand lookup answered',
    patch: { catalogs: { modelsBrandId: () => (brandId) => brandId - 1000 } },
  },
  'catalog-models-of-first-brand': {
    requirements: ['R4.5-02'],
    description:
      'every models lookup answers the models of brand 1, and the versions lookups read brand 1 too, whatever brand id the path names',
    patch: { catalogs: { modelsBrandId: always(1), versionsBrandId: always(1) } },
  },
  'catalog-versioned-path': {
    requirements: ['R9-06'],
    description: 'the catalog lookups are served only under /autoupload/v1/ instead of /autoupload/',
    patch: { catalogs: { catalogBase: always(VERSIONED_CATALOG_PREFIX) } },
  },
  'catalog-content-type-text': {
    requirements: ['R4-01'],
    description: 'the catalog lookups send their JSON body as Content-Type text/plain',
    patch: { catalogs: { catalogContentType: always('text/plain; charset=utf-8') } },
  },
  'catalog-models-token-unchecked': {
    requirements: ['R5-06'],
    description:
      'the models lookups (car, motorcycle, cellphone) answer status ok to an invalid or missing token; the brands and versions lookups still check it',
    patch: { catalogs: { catalogTokenValid: tokenUncheckedAt('models') } },
  },
  'catalog-versions-token-unchecked': {
    requirements: ['R5-06'],
    description:
      'the versions lookups (car, motorcycle) answer status ok to an invalid or missing token; the brands and models lookups still check it',
    patch: { catalogs: { catalogTokenValid: tokenUncheckedAt('versions') } },
  },
} as const satisfies Record<string, FaultDefinition>;
