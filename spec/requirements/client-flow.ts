import type { ClientRequirement } from './client-types.js';

/** The client's requirements of sections 2 to 4.4: the authorization flow, the catalogs, the listing. */
export const CLIENT_REQUIREMENTS_TO_4_4: readonly ClientRequirement[] = [
  {
    id: 'C2.2-01',
    section: '2.2',
    area: 'token',
    severity: 'critical',
    text: 'An authorization code is sent to the token endpoint once: never again after a successful exchange.',
    source: { kind: 'sentence', words: 'Reuse: single use; it cannot be reused' },
  },
  {
    id: 'C2.2-02',
    section: '2.2',
    area: 'token',
    severity: 'normal',
    text: 'An authorization code is exchanged within ten minutes of its issue.',
    source: { kind: 'sentence', words: 'Lifetime: expires 10 minutes after generation' },
  },
  {
    id: 'C2.6-01',
    section: '2.6',
    area: 'catalogs',
    severity: 'critical',
    text: 'After the import refused a catalog id (a renumbering), no later import carries that id again.',
    source: {
      kind: 'sentence',
      words:
        'ads carrying incorrect ids are rejected, so integrators must refresh their stored ids after the catalog was equalized with the insertion flow',
    },
  },
  {
    id: 'C3-01',
    section: '3',
    area: 'listing',
    severity: 'normal',
    text: 'A listing page holding a status outside section 3 is tolerated: the client goes on paging.',
    source: { kind: 'sentence', words: 'clients must tolerate unknown values' },
  },
  {
    id: 'C3-02',
    section: '3',
    area: 'notifications',
    severity: 'normal',
    text: 'The receiver answers 2xx to a valid delivery whose status is outside section 3.',
    source: {
      kind: 'sentence',
      words:
        'clients must tolerate unknown values (field notes: notifications use a wider set of statuses than the listing)',
    },
  },
  {
    id: 'C4-01',
    section: '4',
    area: 'conventions',
    severity: 'critical',
    text: 'The token goes where each endpoint wants it: the body field access_token for the catalogs, basic user info, the import and its status query; the Bearer header for the listing, the notification configuration and one ad status.',
    source: {
      kind: 'sentence',
      words:
        'Catalog and basic-info endpoints carry the token in the request body field `access_token`; the listing and notification endpoints carry it in the header `Authorization: Bearer <ACCESS_TOKEN>`. (Field notes: the import and its status query take `access_token` in the body, one ad status the Bearer header.)',
    },
  },
  {
    id: 'C4-02',
    section: '4',
    area: 'conventions',
    severity: 'normal',
    text: 'An access token never travels in a URL: not in the query string (access_token or any other parameter), not in the path, whatever else carries it.',
    source: {
      kind: 'sentence',
      words:
        'Catalog and basic-info endpoints carry the token in the request body field `access_token`; the listing and notification endpoints carry it in the header `Authorization: Bearer <ACCESS_TOKEN>`.',
    },
    advisory:
      'the specification says where the token goes, not that a URL must never hold it; RFC 6750 (2.3) and RFC 9700 advise against tokens in URLs, which servers, proxies and browsers log',
  },
  {
    id: 'C4.1-01',
    section: '4.1',
    area: 'authorization',
    severity: 'critical',
    text: 'The authorization request carries a redirect_uri identical to a registered one.',
    source: { kind: 'sentence', words: '`redirect_uri`: identical to one registered URI' },
  },
  {
    id: 'C4.1-02',
    section: '4.1',
    area: 'authorization',
    severity: 'minor',
    text: 'The authorization request carries a state.',
    source: { kind: 'sentence', words: '`state`: no (not required); any value, returned unchanged' },
    advisory:
      'the specification makes `state` optional; RFC 9700 (4.7.1) recommends it against cross-site request forgery',
  },
  {
    id: 'C4.2-01',
    section: '4.2',
    area: 'token',
    severity: 'critical',
    text: 'The token request carries the redirect_uri of the authorization request that issued its code.',
    source: { kind: 'sentence', words: '`redirect_uri`: the same URI as in the authorization request' },
  },
  {
    id: 'C4.4-01',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: 'A crawl starts without page_token, and every page_token sent is a next_token the listing answered.',
    source: {
      kind: 'sentence',
      words:
        'The first request omits `page_token`. / `page_token`: token of the page to fetch, taken from `next_token` of the previous response',
    },
  },
  {
    id: 'C4.4-02',
    section: '4.4',
    area: 'listing',
    severity: 'critical',
    text: 'Every next_token that is not null is sent as page_token: the client does not stop before the last page, an empty page included.',
    source: {
      kind: 'sentence',
      words: 'While `next_token` is not null, send it as `page_token` to obtain the next page.',
    },
  },
  {
    id: 'C4.4-03',
    section: '4.4',
    area: 'listing',
    severity: 'normal',
    text: 'A null next_token ends the crawl, after an empty last page too: no page_token follows it.',
    source: {
      kind: 'sentence',
      words:
        'When `next_token` is null, there are no more pages. The last page can have an empty `data` array.',
    },
  },
  {
    id: 'C4.4-04',
    section: '4.4',
    area: 'listing',
    severity: 'normal',
    text: 'A crawl fetches each page once: a next_token naming a page already fetched in the crawl (a cycle) is not followed.',
    source: {
      kind: 'sentence',
      words: 'While `next_token` is not null, send it as `page_token` to obtain the next page.',
    },
    advisory:
      'followed to the letter, rule 2 loops for ever on a server that repeats a token; ending the crawl there is the defensible reading',
  },
  {
    id: 'C4.4-05',
    section: '4.4',
    area: 'listing',
    severity: 'normal',
    text: 'fetch_size, when sent, is a whole number from 1 to 200.',
    source: { kind: 'sentence', words: '`fetch_size`: items per page; default and maximum 200' },
  },
];
