/** Section 8 and the numbers of sections 2 and 4 that a server must honour and the suite checks. */

/** 4.4 / 8: the default and the maximum of `fetch_size`, so the most items a listing page holds. */
export const MAX_PAGE_SIZE = 200;

/** 2.2 / 8: an authorization code lives ten minutes. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** 2.1: a client registers one to three redirect URIs. */
export const MIN_REDIRECT_URIS = 1;
export const MAX_REDIRECT_URIS = 3;
