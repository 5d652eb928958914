/**
 * The rules in force, by area: what the endpoints run (`state.rules`) and the requests their checks
 * read name. Declared here empty and filled in by `rulebook.ts` (declaration merging, as fastify's
 * plugins add to `FastifyInstance`), each area typed from its table (`typeof`): so the state and
 * the requests can name the rules without importing the tables, which import the checks, which
 * import the requests (no import circle).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by rulebook.ts
export interface Rulebook {}

export type AuthorizationRules = Rulebook['authorization'];
export type TokenRules = Rulebook['token'];
export type ResourcesRules = Rulebook['resources'];
export type CatalogsRules = Rulebook['catalogs'];
export type NotificationsRules = Rulebook['notifications'];
