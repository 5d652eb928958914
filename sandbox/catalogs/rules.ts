import type { FastifyRequest } from 'fastify';
import { CATALOG_PREFIX } from '../../spec/paths.js';
import type { AccessGrant, TokenStore } from '../store/tokens.js';
import * as lookup from './lookup.js';
import type { CatalogCheck, CatalogData, CatalogEnvelope } from './lookup.js';

/**
 * The catalog lookups' rules (4.5, 2.6, 9), by name: the reference behaviour, which faults and
 * variants patch (rules/patch.ts). Each rule's module heads it with the requirement ids it enforces.
 */
export interface CatalogsRules {
  /** R9-06: catalog paths carry no version segment. */
  catalogBase: () => string;
  // The lookups' checks, in the order of CATALOG_CHECKS (routes.ts).
  catalogTokenValid: CatalogCheck;
  catalogGrant: (request: FastifyRequest, tokens: TokenStore) => AccessGrant | undefined;
  modelsBrandId: (brandId: number) => number;
  versionsBrandId: (brandId: number) => number;
  unknownIdData: () => CatalogData;
  // The answer.
  catalogEnvelope: (data: CatalogData) => CatalogEnvelope;
  catalogContentType: () => string;
  catalogSuccessStatus: () => number;
}

export const CATALOGS_RULES: CatalogsRules = {
  catalogBase: () => CATALOG_PREFIX,
  catalogTokenValid: lookup.catalogTokenValid,
  catalogGrant: lookup.catalogGrant,
  modelsBrandId: lookup.modelsBrandId,
  versionsBrandId: lookup.versionsBrandId,
  unknownIdData: lookup.unknownIdData,
  catalogEnvelope: lookup.catalogEnvelope,
  catalogContentType: lookup.catalogContentType,
  catalogSuccessStatus: lookup.catalogSuccessStatus,
};
