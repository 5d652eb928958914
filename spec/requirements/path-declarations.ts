import type { Path, PathDeclaration } from './paths.js';

type Declarations = Readonly<Partial<Record<Path, PathDeclaration>>>;

const BOTH_AUTHENTICATIONS: Declarations = { 'client-auth:body': 'tested', 'client-auth:basic': 'tested' };
const BOTH_ATTEMPTS: Declarations = { 'delivery:first': 'tested', 'delivery:retry': 'tested' };
const EVERY_PAGE: Declarations = {
  'page:first': 'tested',
  'page:middle': 'tested',
  'page:last': 'tested',
  'page:empty': 'tested',
};
const BOTH_USERS: Declarations = { 'user:first': 'tested', 'user:second': 'tested' };
const EVERY_CHAIN: Declarations = {
  'chain:car': 'tested',
  'chain:motorcycle': 'tested',
  'chain:cellphone': 'tested',
};
const BOTH_SCOPES: Declarations = { 'scope:sufficient': 'tested', 'scope:insufficient': 'tested' };

/**
 * The paths each requirement can be reached by (paths.ts), where the specification lets a server
 * choose or the suite gives it a choice: `tested` when a test tagged with the requirement takes the
 * path (`@path:...`), or why the path cannot be observed. `npm run requirements -- --paths` prints
 * requirement × path and fails on a `tested` path no test takes. A requirement missing here has a
 * single path, or paths the suite has not told apart yet.
 */
export const REQUIREMENT_PATHS: Readonly<Record<string, Declarations>> = {
  // The token endpoint's refusals that depend on the client: in the body, and with HTTP Basic
  // (skipped, with the reason, on a server that refuses Basic: 4.2 requires only the body).
  'R7.2-06': BOTH_AUTHENTICATIONS,
  'R7.2-07': BOTH_AUTHENTICATIONS,
  'R4.2-04': BOTH_AUTHENTICATIONS,
  'R2.2-03': BOTH_AUTHENTICATIONS,
  'R2.2-02': BOTH_AUTHENTICATIONS,
  // The success answer's headers, on either authentication.
  'R4.2-07': BOTH_AUTHENTICATIONS,
  'R4.2-08': BOTH_AUTHENTICATIONS,
  'R4.2-09': BOTH_AUTHENTICATIONS,
  'R4.2-06': BOTH_AUTHENTICATIONS,
  'R2.3-01': BOTH_AUTHENTICATIONS,
  'R2.3-02': BOTH_AUTHENTICATIONS,
  // A token issued on either authentication, to a secret registration issued, by the grant named.
  'R5-03': BOTH_AUTHENTICATIONS,
  'R2.1-02': BOTH_AUTHENTICATIONS,
  'R4.2-05': BOTH_AUTHENTICATIONS,
  'R4.2-03': {
    'client-auth:body': 'tested',
    'client-auth:basic':
      'unobservable: with HTTP Basic, client_id and client_secret travel in the Authorization header (RFC 6749 2.3.1), not among the form fields this sentence lists',
  },
  // The code's single use, whichever way the client authenticates.
  'R8-02': BOTH_AUTHENTICATIONS,

  // What a delivery carries, on a first attempt and on a retry after a failed one (6 shows no
  // retries: a server that makes none skips the retry tests).
  'R6-02': BOTH_ATTEMPTS,
  'R6-03': BOTH_ATTEMPTS,
  'R6-04': BOTH_ATTEMPTS,

  // An ad's status in the listing, as seeded (or as the account holds it) and after a change.
  'R2.5-06': {
    'ad-state:seeded': 'tested',
    'ad-state:changed': 'tested',
    ...EVERY_PAGE,
  },
  'R4.4-05': {
    'ad-state:seeded': 'tested',
    'ad-state:changed': 'tested',
    ...EVERY_PAGE,
  },
  'R4.4-06': {
    'ad-state:seeded': 'tested',
    'ad-state:changed': 'tested',
    ...EVERY_PAGE,
  },

  // Where a page stands in a crawl.
  'R2.5-01': EVERY_PAGE,
  'R2.5-02': EVERY_PAGE,
  'R2.5-03': EVERY_PAGE,
  'R4.4-03': EVERY_PAGE,
  'R4.4-02': EVERY_PAGE,
  'R4.4-04': EVERY_PAGE,
  'R4.4-07': EVERY_PAGE,
  'R8-03': EVERY_PAGE,
  'R8-04': EVERY_PAGE,
  'R2.5-04': EVERY_PAGE,
  'R2.5-05': EVERY_PAGE,
  'R3-01': {
    'page:first': 'tested',
    'page:middle': 'tested',
    'page:last': 'tested',
    'page:empty': 'unobservable: an empty page holds no ad, so no status to list or tolerate',
  },

  // Whose data: the first user's, and a second user's.
  'R2.4-01': BOTH_USERS,
  'R4.6-06': BOTH_USERS,
  'R2.4-02': BOTH_USERS,
  'R4.3-01': BOTH_USERS,
  'R5-06': BOTH_USERS,
  'R6-01': {
    'delivery:first': 'tested',
    'delivery:retry':
      'unobservable: a retry is another attempt at the same delivery, and how many attempts a change gets is not shown (6): "one per change" is counted on attempts the receiver accepted at once',
    ...BOTH_USERS,
  },

  // The three catalog chains.
  'R4.5-02': EVERY_CHAIN,
  'R2.6-02': EVERY_CHAIN,
  'R2.6-01': EVERY_CHAIN,
  // No version segment: on each chain's lookups, and for each user's basic info.
  'R9-06': {
    ...EVERY_CHAIN,
    ...BOTH_USERS,
  },

  // Tokens whose scopes should suffice, and tokens whose scopes should not.
  'R4.4-01': BOTH_SCOPES,
  'R4.3-02': {
    ...BOTH_SCOPES,
    ...BOTH_USERS,
  },
  'R4.6-05': BOTH_SCOPES,
  'R4.5-01': {
    ...EVERY_CHAIN,
    'scope:sufficient': 'tested',
    'scope:insufficient':
      'unobservable: the scopes the catalog lookups require are not shown (5), so no granted scope can be held insufficient; an unknown token and no token are refused instead',
  },
};
