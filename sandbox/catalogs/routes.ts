import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATALOG_CHAINS, CATALOG_PREFIX, CUBIC_CAPACITIES_PATH } from '../../spec/paths.js';
import type { RouteFamily } from '../http/route-family.js';
import type { CatalogsRules } from '../rules/book.js';
import { runChecks } from '../rules/patch.js';
import type { SandboxState } from '../state.js';
import type { Catalog, Catalogs } from './data.js';
import { catalogErrorFormat, catalogOwnAnswer } from './errors.js';
import { catalogId, type CatalogCheck, type CatalogData, type CatalogRequest } from './lookup.js';

/** Where the fault catalog-versioned-path serves the lookups instead (section 9 broken). */
export const VERSIONED_CATALOG_PREFIX = `${CATALOG_PREFIX}/v1`;
/** The lookups' paths after the prefix: the three chains and the cubic capacities. */
const CATALOG_SEGMENTS = [
  ...Object.values(CATALOG_CHAINS),
  CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length + 1),
];

/** Each lookup's checks in order, before the lookup itself, as the rules in force have them. */
export const catalogChecks = (rules: CatalogsRules): readonly CatalogCheck[] => [rules.catalogTokenValid];

type Lookup = (params: Record<string, string>) => CatalogData | undefined;
type LookupRequest = FastifyRequest<{ Params: Record<string, string> }>;

/**
 * The catalogs' route family: the nine lookups, and their errors as `{status: "error", reason,
 * message}`, also for what reaches no lookup below either prefix they may be served at.
 */
export function catalogFamily(state: SandboxState, catalogs: () => Catalogs): RouteFamily {
  const trees = [CATALOG_PREFIX, VERSIONED_CATALOG_PREFIX].flatMap((prefix) =>
    CATALOG_SEGMENTS.map((segment) => `${prefix}/${segment}`),
  );
  return {
    name: 'catalogs',
    format: catalogErrorFormat,
    ownAnswer: catalogOwnAnswer,
    territory: { trees },
    register: (scope) => {
      registerCatalogs(scope, state, catalogs);
    },
  };
}

/**
 * The nine lookups of 4.5, each POST with {access_token} and the 2.6 envelope. Not shown by the
 * spec, the sandbox's choices: any valid token will do (scopes not checked); a missing or unknown
 * token is 401, an id that is not a positive integer 400, an unknown brand or model 404.
 * `catalogs` gives the catalogs in force at each request (a renumbering may change them).
 */
export function registerCatalogs(app: FastifyInstance, state: SandboxState, catalogs: () => Catalogs): void {
  const rules = state.rules.catalogs;
  const base = rules.catalogBase();
  const chain = (segment: string, catalog: (all: Catalogs) => Catalog, withVersions: boolean): void => {
    route(app, state, `${base}/${segment}`, () => catalog(catalogs()).brandMap());
    route(app, state, `${base}/${segment}/:brandId`, (params) =>
      catalog(catalogs()).modelMap(rules.modelsBrandId(catalogId(params.brandId))),
    );
    if (withVersions)
      route(app, state, `${base}/${segment}/:brandId/:modelId`, (params) =>
        catalog(catalogs()).versionMap(
          rules.versionsBrandId(catalogId(params.brandId)),
          catalogId(params.modelId),
        ),
      );
  };
  chain(CATALOG_CHAINS.car, (all) => all.cars, true);
  chain(CATALOG_CHAINS.motorcycle, (all) => all.motorcycles, true);
  chain(CATALOG_CHAINS.cellphone, (all) => all.cellphones, false);
  route(
    app,
    state,
    `${base}${CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length)}`,
    () => catalogs().cubicCapacities,
  );
}

function route(app: FastifyInstance, state: SandboxState, path: string, lookup: Lookup): void {
  app.post<{ Params: Record<string, string> }>(path, (request, reply) =>
    answer(request, reply, state, lookup),
  );
}

/** The checks, the lookup, the answer; a CatalogError goes to the family's error handler. */
function answer(
  request: LookupRequest,
  reply: FastifyReply,
  state: SandboxState,
  lookup: Lookup,
): FastifyReply {
  const rules = state.rules.catalogs;
  const context: CatalogRequest = { request, state, rules };
  runChecks(catalogChecks(rules), context);
  const envelope = rules.catalogEnvelope(lookup(request.params) ?? rules.unknownIdData());
  return reply
    .code(rules.catalogSuccessStatus())
    .header('content-type', rules.catalogContentType())
    .send(Buffer.from(JSON.stringify(envelope), 'utf8'));
}
