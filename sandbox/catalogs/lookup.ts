import type { FastifyRequest } from 'fastify';
import type { SandboxState } from '../state/sandbox-state.js';
import type { AccessGrant, TokenStore } from '../store/tokens.js';
import { bodyGrant } from '../resources/body-token.js';
import { JSON_UTF8 } from '../http/error-answer.js';
import { CatalogError } from '../../spec/errors.js';
import type { IdMap } from './data.js';

/** The checks and answer of the catalog lookups (4.5, 2.6). */

export type CatalogData = IdMap | Record<string, string>;

/** One catalog lookup as its checks fill it in. */
export interface CatalogRequest {
  readonly request: FastifyRequest<{ Params: Record<string, string> }>;
  readonly state: SandboxState;
  /** The rule in force that reads the token (the area's table holds it). */
  readonly rules: {
    readonly catalogGrant: (request: FastifyRequest, tokens: TokenStore) => AccessGrant | undefined;
  };
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

/** The sandbox's choice: an unknown brand or model is 404 NOT_FOUND. */
export const unknownIdData = (): CatalogData => {
  throw new CatalogError('NOT_FOUND', 'No such brand or model.');
};

/** R2.6-01, R2.6-02: status ok, and data the map as it is (integer ids). */
export const catalogEnvelope = (data: CatalogData): CatalogEnvelope => ({ status: 'ok', data });

/** R4-01: the body is JSON, labelled so. */
export const catalogContentType = (): string => JSON_UTF8;

/** This module's rules, by name (catalogs/rules.ts spreads them into the area's table). */
export const LOOKUP_RULES = {
  catalogTokenValid,
  catalogGrant,
  unknownIdData,
  catalogEnvelope,
  catalogContentType,
};
