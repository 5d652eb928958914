import type { FastifyRequest } from 'fastify';
import type { SandboxState } from '../state.js';
import type { AccessGrant, TokenStore } from '../store/tokens.js';
import { bodyGrant } from '../resources/body-token.js';
import { JSON_UTF8 } from '../http/error-answer.js';
import { CatalogError } from '../../spec/errors.js';
import type { IdMap } from './data.js';
import type { CatalogsRules } from '../rules/book.js';

/** The checks and answer of the catalog lookups (4.5, 2.6). */

export type CatalogData = IdMap | Record<string, string>;

/** One catalog lookup as its checks fill it in. */
export interface CatalogRequest {
  readonly request: FastifyRequest<{ Params: Record<string, string> }>;
  readonly state: SandboxState;
  readonly rules: CatalogsRules;
}

/** A check of a catalog lookup: returns when the request passes, throws a CatalogError to refuse it. */
export type CatalogCheck = (lookup: CatalogRequest) => void;

/** The 2.6 envelope. */
export interface CatalogEnvelope {
  status: string;
  data: CatalogData;
}

/** R4.5-01, R5-06: a valid token is required (any scope will do: the sandbox's choice), else 401. */
export function catalogTokenValid(lookup: CatalogRequest): void {
  const grant = lookup.rules.catalogGrant(lookup.request, lookup.state.tokens);
  if (grant === undefined) throw new CatalogError('ACCESS_DENIED', 'Check the access_token in the body.');
}

/** R4.5-01: the token is the JSON body's access_token. */
export const catalogGrant = (request: FastifyRequest, tokens: TokenStore): AccessGrant | undefined =>
  bodyGrant(request, tokens);

/** R4.5-02: a brand id is a positive integer, else 400 BAD_REQUEST. */
export function catalogId(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw))
    throw new CatalogError('BAD_REQUEST', 'Ids are positive integers.');
  return Number(raw);
}

/** R4.5-02: the models lookups take the ids the brand lookup answered. */
export const modelsBrandId = (brandId: number): number => brandId;

/** R4.5-02: the versions lookups take the brand id of the path, as the models lookups do. */
export const versionsBrandId = (brandId: number): number => brandId;

/** The sandbox's choice: an unknown brand or model is 404 NOT_FOUND. */
export const unknownIdData = (): CatalogData => {
  throw new CatalogError('NOT_FOUND', 'No such brand or model.');
};

/** R2.6-01, R2.6-02: status ok, and data the map as it is (integer ids). */
export const catalogEnvelope = (data: CatalogData): CatalogEnvelope => ({ status: 'ok', data });

/** R4-01: the body is JSON, labelled so. */
export const catalogContentType = (): string => JSON_UTF8;

/** R4.5-01 (no status shown by the spec): the sandbox answers 200. */
export const catalogSuccessStatus = (): number => 200;

/** This module's rules, by name (catalogs/rules.ts spreads them into the area's table). */
export const LOOKUP_RULES = {
  catalogTokenValid,
  catalogGrant,
  modelsBrandId,
  versionsBrandId,
  unknownIdData,
  catalogEnvelope,
  catalogContentType,
  catalogSuccessStatus,
};
