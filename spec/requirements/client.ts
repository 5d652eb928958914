import type { Severity } from './types.js';

/**
 * What binds an integrator's client, a family apart from the server's requirements: the report card
 * (`classifieds-conformance client-report`) grades a client against these from the sandbox's
 * journal. Ids are `C<section>-<nn>` (`CFN-<nn>` for a fact of the field notes), so they never
 * collide with the server's `R` ids, and the server's coverage tools never count them.
 */
export interface ClientRequirement {
  /** Stable id: `C4.4-01`; the section of the sentence, or `FN` for the field notes. */
  id: string;
  /** Section of the specification, or `field notes`. */
  section: string;
  area: 'authorization' | 'token' | 'listing' | 'catalogs' | 'notifications' | 'conventions';
  severity: Severity;
  /** What the client must do, as the report card prints it. */
  text: string;
  /** The specification's sentence or the field notes' fact it comes from, quoted. */
  source: { kind: 'sentence' | 'field notes'; words: string };
  /** Set when the grade enforces an interpretation: reported as a warning, never in the exit code. */
  advisory?: string;
}

/** The client's requirements, in the order of the specification. */
export const CLIENT_REQUIREMENTS: readonly ClientRequirement[] = [
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
  {
    id: 'C5-01',
    section: '5',
    area: 'token',
    severity: 'blocker',
    text: "The client secret is sent only in the token request's form body, over HTTPS POST: never in a URL, a header or to another endpoint.",
    source: {
      kind: 'sentence',
      words:
        'The client secret is sent only to the token endpoint, over HTTPS POST. (4.2: form field `client_secret`.)',
    },
  },
  {
    id: 'C6-01',
    section: '6',
    area: 'notifications',
    severity: 'critical',
    text: "The receiver answers a valid delivery 2xx within the sandbox's timeout.",
    source: {
      kind: 'sentence',
      words:
        'the configured `token` is used to authenticate the request at the integrator\'s server (field notes: "one attempt with a 5 s timeout" for the sibling webhook)',
    },
  },
  {
    id: 'C6-02',
    section: '6',
    area: 'notifications',
    severity: 'blocker',
    text: 'The receiver refuses a forged delivery (without the configured token) with 401 or 403.',
    source: {
      kind: 'sentence',
      words: "the configured `token` is used to authenticate the request at the integrator's server",
    },
  },
  {
    id: 'C6-03',
    section: '6',
    area: 'notifications',
    severity: 'normal',
    text: 'The receiver answers 2xx to a duplicate, late or out-of-order delivery.',
    source: {
      kind: 'sentence',
      words: 'Retries, ordering, timeouts and the header that carries `token`: not shown.',
    },
  },
  {
    id: 'C7.3-01',
    section: '7.3',
    area: 'listing',
    severity: 'critical',
    text: 'After a RATE_LIMIT answer, no request until the block ends: at least a second before each next request (no retry at full speed).',
    source: {
      kind: 'sentence',
      words:
        'client exceeds the allowed requests per second: `RATE_LIMIT` (field notes: the block lasts 10 minutes, every request in it gets 429)',
    },
  },
  {
    id: 'C7.3-02',
    section: '7.3',
    area: 'listing',
    severity: 'normal',
    text: 'After a block ends, the client resumes paced: slower than the rate that got it blocked.',
    source: {
      kind: 'sentence',
      words: 'client exceeds the allowed requests per second: `RATE_LIMIT`',
    },
    advisory:
      'the rate to resume at is not stated; one below the rate that was refused is the least a pace means',
  },
  {
    id: 'C7.3-03',
    section: '7.3',
    area: 'listing',
    severity: 'critical',
    text: 'After an ACCESS_DENIED answer, the token is not used again (the user consents anew).',
    source: {
      kind: 'sentence',
      words:
        'token invalid: `ACCESS_DENIED` (field notes: re-consent when the token stops working; no refresh grant)',
    },
  },
  {
    id: 'CFN-01',
    section: 'field notes',
    area: 'conventions',
    severity: 'normal',
    text: "After an edge's answer (an HTML 403, 404 or 5xx, a reset), a bounded number of retries (at most 5 in a row) with a delay (at least 250 ms).",
    source: {
      kind: 'field notes',
      words:
        "Between a client and the API there can be an edge (CDN, firewall) that answers 403, 404 or 5xx with an HTML page instead of the API's JSON envelope.",
    },
  },
];

const byId = new Map(CLIENT_REQUIREMENTS.map((found) => [found.id, found]));

export function clientRequirement(id: string): ClientRequirement {
  const found = byId.get(id);
  if (found === undefined)
    throw new Error(`Unknown client requirement id ${id}: add it to spec/requirements/client.ts`);
  return found;
}
