import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer } from '../http/error-answer.js';
import type { SandboxState } from '../state.js';
import { catalogErrorAnswer } from './errors.js';
import { bodyGrant } from '../resources/body-token.js';
import type { AccessGrant } from '../store/tokens.js';
import type { Catalog, Catalogs, IdMap } from './data.js';
import { CATALOG_CHAINS, CATALOG_PREFIX, CUBIC_CAPACITIES_PATH } from '../../spec/paths.js';

type Lookup = (params: Record<string, string>) => IdMap | Record<string, string> | undefined;

class CatalogError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The nine lookups of 4.5, each POST with {access_token} and the 2.6 envelope. Not shown by the
 * spec, the sandbox's choices: any valid token will do (scopes not checked); a missing or unknown
 * token is 401, an id that is not a positive integer 400, an unknown brand or model 404, all with
 * `{status: "error", reason, message}`.
 */
export function registerCatalogs(app: FastifyInstance, state: SandboxState, catalogs: Catalogs): void {
  // Section 9: catalog paths carry no version segment (the fault catalog-versioned-path adds one).
  const base = state.faults.has('catalog-versioned-path') ? `${CATALOG_PREFIX}/v1` : CATALOG_PREFIX;
  const chain = (prefix: string, catalog: Catalog, withVersions: boolean): void => {
    route(app, state, `${base}/${prefix}`, () => catalog.brandMap());
    route(app, state, `${base}/${prefix}/:brandId`, (params) =>
      catalog.modelMap(id(params.brandId) - (state.faults.has('catalog-models-stale-brand-ids') ? 1000 : 0)),
    );
    if (withVersions)
      route(app, state, `${base}/${prefix}/:brandId/:modelId`, (params) =>
        catalog.versionMap(id(params.brandId), id(params.modelId)),
      );
  };
  chain(CATALOG_CHAINS.car, catalogs.cars, true);
  chain(CATALOG_CHAINS.motorcycle, catalogs.motorcycles, true);
  chain(CATALOG_CHAINS.cellphone, catalogs.cellphones, false);
  route(
    app,
    state,
    `${base}${CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length)}`,
    () => catalogs.cubicCapacities,
  );
}

function route(app: FastifyInstance, state: SandboxState, path: string, lookup: Lookup): void {
  app.post<{ Params: Record<string, string> }>(path, (request, reply) =>
    answer(request, reply, state, lookup),
  );
}

function answer(
  request: FastifyRequest<{ Params: Record<string, string> }>,
  reply: FastifyReply,
  state: SandboxState,
  lookup: Lookup,
): FastifyReply {
  try {
    const grant = state.faults.has('catalog-token-in-query-only')
      ? queryGrant(request, state)
      : bodyGrant(request, state.tokens);
    if (grant === undefined && !state.faults.has('catalog-invalid-token-ok')) {
      throw new CatalogError(401, 'ACCESS_DENIED', 'Check the access_token in the body.');
    }
    const data = lookup(request.params);
    if (data === undefined && state.variants.has('catalog-unknown-id-empty'))
      return reply.code(successStatus(state)).send({ status: 'ok', data: {} });
    if (data === undefined) throw new CatalogError(404, 'NOT_FOUND', 'No such brand or model.');
    const envelope = {
      status: state.faults.has('catalog-status-success') ? 'success' : 'ok',
      data: state.faults.has('catalog-string-ids') ? stringify(data) : data,
    };
    // The fault catalog-content-type-text: the same JSON, labelled as plain text (4: bodies are JSON).
    if (state.faults.has('catalog-content-type-text'))
      return reply
        .code(successStatus(state))
        .type('text/plain; charset=utf-8')
        .send(JSON.stringify(envelope));
    return reply.code(successStatus(state)).send(envelope);
  } catch (error) {
    if (error instanceof CatalogError)
      return sendAnswer(reply, catalogErrorAnswer(error.status, error.reason, error.message));
    throw error;
  }
}

/** Not shown by the spec: 200, 201 under the variant resources-other-2xx, 400 under a fault. */
function successStatus(state: SandboxState): number {
  if (state.faults.has('catalog-success-status-400')) return 400;
  return state.variants.has('resources-other-2xx') ? 201 : 200;
}

/** The fault catalog-token-in-query-only: the token is looked for in `?access_token=` only. */
function queryGrant(request: FastifyRequest, state: SandboxState): AccessGrant | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof token === 'string' ? state.tokens.find(token) : undefined;
}

function id(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw))
    throw new CatalogError(400, 'BAD_REQUEST', 'Ids are positive integers.');
  return Number(raw);
}

function stringify(data: Record<string, number | string>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
}
