import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxState } from '../state.js';
import { bodyGrant } from '../resources/body-token.js';
import type { Catalog, Catalogs, IdMap } from './data.js';

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
  const chain = (prefix: string, catalog: Catalog, withVersions: boolean): void => {
    route(app, state, `/autoupload/${prefix}`, () => catalog.brandMap());
    route(app, state, `/autoupload/${prefix}/:brandId`, (params) => catalog.modelMap(id(params.brandId)));
    if (withVersions)
      route(app, state, `/autoupload/${prefix}/:brandId/:modelId`, (params) =>
        catalog.versionMap(id(params.brandId), id(params.modelId)),
      );
  };
  chain('car_info', catalogs.cars, true);
  chain('moto_info', catalogs.motorcycles, true);
  chain('cellphone_info', catalogs.cellphones, false);
  route(app, state, '/autoupload/moto_cubiccms_info', () => catalogs.cubicCapacities);
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
    if (bodyGrant(request, state.tokens) === undefined && !state.faults.has('catalog-invalid-token-ok')) {
      throw new CatalogError(401, 'ACCESS_DENIED', 'Check the access_token in the body.');
    }
    const data = lookup(request.params);
    if (data === undefined) throw new CatalogError(404, 'NOT_FOUND', 'No such brand or model.');
    return reply.send({
      status: 'ok',
      data: state.faults.has('catalog-string-ids') ? stringify(data) : data,
    });
  } catch (error) {
    if (error instanceof CatalogError)
      return reply.code(error.status).send({ status: 'error', reason: error.reason, message: error.message });
    throw error;
  }
}

function id(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw))
    throw new CatalogError(400, 'BAD_REQUEST', 'Ids are positive integers.');
  return Number(raw);
}

function stringify(data: Record<string, number | string>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
}
