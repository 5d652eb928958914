import type { VariantDefinition } from './types.js';

/** Variants of the resource server (basic user info, the listing): other choices a correct server could make. */
export const RESOURCES_VARIANTS = {
  'listing-other-statuses': {
    description:
      'listing errors with other HTTP statuses: 422, 403, 403, 503 and 503 instead of 400, 401, 401, 429 and 500',
    env: {},
  },
  'listing-empty-last-page': {
    description: 'a full last page still carries a next_token, to an empty page (4.4 rule 3 allows it)',
    env: {},
  },
  'listing-rejects-fetch-size-over-200': {
    description: 'fetch_size above 200 is refused with BAD_REQUEST instead of clamped to 200',
    env: {},
  },
  'listing-hex-page-tokens': {
    description: 'page tokens of another form: hexadecimal, with a tilde before the signature',
    env: {},
  },
  'listing-prefixed-current-token': {
    description:
      'current_token of another form than the page_token that was sent (prefixed "c."), accepted back',
    env: {},
  },
  'resources-other-2xx': {
    description:
      'catalog lookups and basic user info answer HTTP 201 instead of 200 (the spec shows no status)',
    env: {},
  },
  'listing-rate-limit-grouped': {
    description:
      'the RATE_LIMIT message names the headline limit with a digit group: "You have exceeded the 5.000 requests in 60 seconds limit!"',
    env: {},
  },
} as const satisfies Record<string, VariantDefinition>;
