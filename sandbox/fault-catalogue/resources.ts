import type { FaultDefinition } from './types.js';

/** Faults of the resources area: each the smallest deviation that breaks the requirements it names. */
export const RESOURCES_FAULTS = {
  'listing-duplicate-at-boundary': {
    requirements: ['R2.5-01'],
    description: 'each next page repeats the last item of the page before',
  },
  'listing-skip-at-boundary': {
    requirements: ['R4.4-02'],
    description: 'each next page skips the first item it should show',
  },
  'listing-endless-next-token': {
    requirements: ['R4.4-03'],
    description: 'the last page still carries a next_token, pointing at an empty page forever',
  },
  'listing-ignores-ads-status': {
    requirements: ['R4.4-05'],
    description: 'ads_status is ignored: every status is listed',
  },
  'listing-page-over-200': {
    requirements: ['R2.5-01', 'R8-03'],
    description: 'fetch_size is capped at 201 instead of 200',
  },
  'listing-current-token-on-first-page': {
    requirements: ['R2.5-02'],
    description: 'the first page carries a current_token',
  },
  'listing-missing-header-accepted': {
    requirements: ['R7.3-02'],
    description: 'a request without Authorization is answered as if authorized',
  },
  'listing-invalid-token-wrong-reason': {
    requirements: ['R7.3-03'],
    description: 'an invalid token gets reason BAD_REQUEST instead of ACCESS_DENIED',
  },
  'listing-scope-not-checked': {
    requirements: ['R7.3-04', 'R4.4-01'],
    description: 'a token without autoupload or basic_user_info is accepted',
  },
  'listing-no-rate-limit': {
    requirements: ['R7.3-05', 'R8-05'],
    description: 'the per-client rate limit is never enforced',
  },
  'listing-internal-error-wrong-message': {
    requirements: ['R7.3-06'],
    description: 'UNEXPECTED_INTERNAL_ERROR carries another message',
  },
  'listing-status-200-on-error': {
    requirements: ['R7.3-01'],
    description: 'listing errors are sent with HTTP 200',
  },
  'basic-info-scope-not-checked': {
    requirements: ['R4.3-02'],
    description: 'basic_user_info answers tokens without the basic_user_info permission',
  },
  'basic-info-other-user': {
    requirements: ['R4.3-01'],
    description: "basic_user_info answers with another user's name and e-mail",
  },
  'catalog-string-ids': {
    requirements: ['R2.6-02'],
    description: 'catalog ids are sent as strings instead of integers',
  },
  'catalog-invalid-token-ok': {
    requirements: ['R4.5-02'],
    description: 'catalog lookups answer status ok to an invalid token',
  },
} as const satisfies Record<string, FaultDefinition>;
