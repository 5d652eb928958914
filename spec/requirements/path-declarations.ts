import type { Path, PathDeclaration } from './paths.js';

/**
 * The paths each requirement can be reached by (paths.ts), where the specification lets a server
 * choose or the suite gives it a choice: `tested` when a test tagged with the requirement takes the
 * path (`@path:...`), or why the path cannot be observed. `npm run requirements -- --paths` prints
 * requirement × path and fails on a `tested` path no test takes. A requirement missing here has a
 * single path, or paths the suite has not told apart yet.
 */
export const REQUIREMENT_PATHS: Readonly<Record<string, Readonly<Partial<Record<Path, PathDeclaration>>>>> = {
  // The token endpoint's refusals that depend on the client: in the body, and with HTTP Basic
  // (skipped, with the reason, on a server that refuses Basic: 4.2 requires only the body).
  'R7.2-06': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R7.2-07': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R4.2-04': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R2.2-03': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R2.2-02': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  // The success answer's headers, on either authentication.
  'R4.2-07': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R4.2-08': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R4.2-09': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R4.2-06': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R2.3-01': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R2.3-02': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  // A token issued on either authentication, to a secret registration issued, by the grant named.
  'R5-03': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R2.1-02': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R4.2-05': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },
  'R4.2-03': {
    'client-auth:body': 'tested',
    'client-auth:basic':
      'unobservable: with HTTP Basic, client_id and client_secret travel in the Authorization header (RFC 6749 2.3.1), not among the form fields this sentence lists',
  },
  // The code's single use, whichever way the client authenticates.
  'R8-02': { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' },

  // What a delivery carries, on a first attempt and on a retry after a failed one (6 shows no
  // retries: a server that makes none skips the retry tests).
  'R6-02': { 'delivery:first': 'tested', 'delivery:retry': 'tested' },
  'R6-03': { 'delivery:first': 'tested', 'delivery:retry': 'tested' },
  'R6-04': { 'delivery:first': 'tested', 'delivery:retry': 'tested' },

  // An ad's status in the listing, as seeded (or as the account holds it) and after a change.
  'R2.5-06': {
    'ad-state:seeded': 'tested',
    'ad-state:changed': 'tested',
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R4.4-05': {
    'ad-state:seeded': 'tested',
    'ad-state:changed': 'tested',
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R4.4-06': {
    'ad-state:seeded': 'tested',
    'ad-state:changed': 'tested',
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },

  // Where a page stands in a crawl.
  'R2.5-01': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R2.5-02': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R2.5-03': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R4.4-03': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R4.4-02': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R4.4-04': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R4.4-07': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R8-03': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R8-04': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R2.5-04': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R2.5-05': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'tested',
  },
  'R3-01': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'unobservable: an empty page holds no ad, so no status to list or tolerate',
  },

  // Whose data: the first user's, and a second user's.
  'R2.4-01': { 'user:first': 'tested', 'user:second': 'tested' },
  'R4.6-06': { 'user:first': 'tested', 'user:second': 'tested' },
  'R2.4-02': { 'user:first': 'tested', 'user:second': 'tested' },
  'R4.3-01': { 'user:first': 'tested', 'user:second': 'tested' },
  'R5-06': { 'user:first': 'tested', 'user:second': 'tested' },
  'R6-01': {
    'delivery:first': 'tested',
    'delivery:retry':
      'unobservable: a retry is another attempt at the same delivery, and how many attempts a change gets is not shown (6): "one per change" is counted on attempts the receiver accepted at once',
    'user:first': 'tested',
    'user:second': 'tested',
  },

  // The three catalog chains.
  'R4.5-02': { 'chain:car': 'tested', 'chain:motorcycle': 'tested', 'chain:cellphone': 'tested' },
  'R2.6-02': { 'chain:car': 'tested', 'chain:motorcycle': 'tested', 'chain:cellphone': 'tested' },
  'R2.6-01': { 'chain:car': 'tested', 'chain:motorcycle': 'tested', 'chain:cellphone': 'tested' },
  // No version segment: on each chain's lookups, and for each user's basic info.
  'R9-06': {
    'chain:car': 'tested',
    'chain:motorcycle': 'tested',
    'chain:cellphone': 'tested',
    'user:first': 'tested',
    'user:second': 'tested',
  },

  // Tokens whose scopes should suffice, and tokens whose scopes should not.
  'R4.4-01': { 'scope:sufficient': 'tested', 'scope:insufficient': 'tested' },
  'R4.3-02': {
    'scope:sufficient': 'tested',
    'scope:insufficient': 'tested',
    'user:first': 'tested',
    'user:second': 'tested',
  },
  'R4.6-05': { 'scope:sufficient': 'tested', 'scope:insufficient': 'tested' },
  'R4.5-01': {
    'chain:car': 'tested',
    'chain:motorcycle': 'tested',
    'chain:cellphone': 'tested',
    'scope:sufficient': 'tested',
    'scope:insufficient':
      'unobservable: the scopes the catalog lookups require are not shown (5), so no granted scope can be held insufficient; an unknown token and no token are refused instead',
  },
};
