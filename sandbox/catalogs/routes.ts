import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATALOG_CHAINS, CATALOG_PREFIX, CUBIC_CAPACITIES_PATH } from '../../spec/paths.js';
import { BODY_TOKEN_ROUTE } from '../http/body-parsers.js';
import type { RouteFamily } from '../http/route-family.js';
import { runChecks } from '../rules/patch.js';
import type { SandboxState } from '../state/sandbox-state.js';
import type { Catalog, Catalogs } from './data.js';
import { catalogErrorFormat, catalogOwnAnswer } from './errors.js';
import { catalogId, type CatalogCheck, type CatalogData, type CatalogRequest } from './lookup.js';
import type { CatalogsRules } from './rules.js';
import { modelsLookup, versionsLookup } from './served.js';

/** Where the fault catalog-versioned-path serves the lookups instead (section 9 broken). */
export const VERSIONED_CATALOG_PREFIX = `${CATALOG_PREFIX}/v1`;
/** The lookups' paths after the prefix: the three chains and the cubic capacities. */
const CATALOG_SEGMENTS = [
  ...Object.values(CATALOG_CHAINS),
  CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length + 1),
];

/** Each lookup's checks in order, before the lookup itself, as the rules in force have them. */
export const catalogChecks = (rules: CatalogsRules): readonly CatalogCheck[] => [rules.catalogTokenValid];

type Lookup = (params: Record<string, string>, rules: CatalogsRules) => CatalogData | undefined;
/** A lookup and its route below the prefix (the seam lookedUp's place). */
interface PlacedLookup {
  place: string;
  lookup: Lookup;
}

/** Every prefix the lookups may be served below: the rule catalogBase in force says which one is. */
const CATALOG_BASES = [CATALOG_PREFIX, VERSIONED_CATALOG_PREFIX];
type LookupRequest = FastifyRequest<{ Params: Record<string, string> }>;

/**
 * The catalogs' route family: the nine lookups, and their errors as `{status: "error", reason,
 * message}`, also for what reaches no lookup below either prefix they may be served at.
 */
export function catalogFamily(
  state: SandboxState,
  inForce: () => CatalogsRules,
  catalogs: () => Catalogs,
): RouteFamily {
  const trees = CATALOG_BASES.flatMap((prefix) => CATALOG_SEGMENTS.map((segment) => `${prefix}/${segment}`));
  return {
    name: 'catalogs',
    format: catalogErrorFormat,
    ownAnswer: catalogOwnAnswer,
    territory: { trees },
    register: (scope) => {
      for (const base of CATALOG_BASES) registerCatalogs(scope, { state, inForce, base }, catalogs);
    },
  };
}

/** The lookups below one prefix: the state, the rules in force, and the prefix. */
interface LookupsAt {
  state: SandboxState;
  inForce: () => CatalogsRules;
  base: string;
}

/**
 * The nine lookups of 4.5, each POST with {access_token} and the 2.6 envelope. Not shown by the
 * spec, the sandbox's choices: any valid token will do (scopes not checked); a missing or unknown
 * token is 401, an id that is not a positive integer 400, an unknown brand or model 404. Routed
 * below every prefix they may be served at, and served below the one the rules in force name.
 * `catalogs` gives the catalogs in force at each request (a renumbering may change them).
 */
export function registerCatalogs(app: FastifyInstance, at: LookupsAt, catalogs: () => Catalogs): void {
  const { base } = at;
  const placed = (place: string, lookup: Lookup): void => {
    route(app, at, `${base}/${place}`, { place, lookup });
  };
  const chain = (segment: string, catalog: (all: Catalogs) => Catalog, withVersions: boolean): void => {
    placed(segment, () => catalog(catalogs()).brandMap());
    placed(`${segment}/:brandId`, (params, rules) =>
      modelsLookup(rules, catalog(catalogs()), catalogId(params.brandId))(),
    );
    if (withVersions)
      placed(`${segment}/:brandId/:modelId`, (params, rules) =>
        versionsLookup(rules, catalog(catalogs()), catalogId(params.brandId), catalogId(params.modelId))(),
      );
  };
  chain(CATALOG_CHAINS.car, (all) => all.cars, true);
  chain(CATALOG_CHAINS.motorcycle, (all) => all.motorcycles, true);
  chain(CATALOG_CHAINS.cellphone, (all) => all.cellphones, false);
  placed(CUBIC_CAPACITIES_PATH.slice(CATALOG_PREFIX.length + 1), () => catalogs().cubicCapacities);
}

function route(app: FastifyInstance, at: LookupsAt, path: string, lookup: PlacedLookup): void {
  app.post<{ Params: Record<string, string> }>(path, BODY_TOKEN_ROUTE, (request, reply) => {
    const rules = at.inForce();
    if (rules.catalogBase() !== at.base) {
      reply.callNotFound();
      return reply;
    }
    return answer(request, reply, { state: at.state, rules }, lookup);
  });
}

/** The checks, the lookup, the answer; a CatalogError goes to the family's error handler. */
function answer(
  request: LookupRequest,
  reply: FastifyReply,
  { state, rules }: { state: SandboxState; rules: CatalogsRules },
  { place, lookup }: PlacedLookup,
): FastifyReply {
  const context: CatalogRequest = { request, state, rules };
  runChecks(catalogChecks(rules), context);
  const found = rules.lookedUp(place, request.params, () => lookup(request.params, rules));
  const envelope = rules.catalogEnvelope((found as CatalogData | undefined) ?? rules.unknownIdData());
  return reply
    .code(rules.catalogSuccessStatus())
    .header('content-type', rules.catalogContentType())
    .send(Buffer.from(JSON.stringify(envelope), 'utf8'));
}
