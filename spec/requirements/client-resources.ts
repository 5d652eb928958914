import type { ClientRequirement } from './client-types.js';

/** The client's requirements of sections 4.6 to 9 and the field notes: notifications, secrets, errors, the edge. */
export const CLIENT_REQUIREMENTS_FROM_4_6: readonly ClientRequirement[] = [
  {
    id: 'C4.6-01',
    section: '4.6',
    area: 'notifications',
    severity: 'critical',
    text: "A notification configuration is deleted with DELETE: never with the sample's PUT without a body, which changes nothing and leaves it delivering.",
    source: {
      kind: 'sentence',
      words:
        'The delete operation is described as DELETE in the text while its sample request shows PUT; DELETE is the specified method.',
    },
  },
  {
    id: 'C4.6-02',
    section: '4.6',
    area: 'notifications',
    severity: 'normal',
    text: 'A create retried (after a timeout, say) leaves one configuration for one url: no second configuration of a user for the same url while the first is not deleted.',
    source: {
      kind: 'sentence',
      words:
        '`{id}` is the configuration id returned by create. (Create: `POST {apps_url}/autoservice/v1/notification` answers the full configuration including `id`.)',
    },
    advisory:
      'the specification neither forbids two configurations for one url nor says how to find one whose create answer was lost; two of them deliver every event twice',
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
    id: 'C5-02',
    section: '5',
    area: 'authorization',
    severity: 'critical',
    text: 'Every scope value requested is one of section 5, exactly as written there (case-sensitive): basic_user_info, autoupload, autoservice, chat.',
    source: {
      kind: 'sentence',
      words:
        '`scope` is a space-separated list, case-sensitive, order irrelevant. / Scope values: `basic_user_info`, `autoupload`, `autoservice`, `chat`.',
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
    id: 'C7-01',
    section: '7',
    area: 'authorization',
    severity: 'critical',
    text: "The authorization server refuses none of the client's authorization or token requests; a refusal is named by its error (invalid_scope, invalid_grant, ...).",
    source: {
      kind: 'sentence',
      words:
        'Failure: HTTP 400, JSON body with field `error` (7.2) / user denies access, or other failures: redirect to the redirect URI with query `error` (7.1)',
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
    id: 'C9-01',
    section: '9',
    area: 'listing',
    severity: 'critical',
    text: 'The listing is requested at GET /autoupload/v1/published: never the retired POST /autoupload/published, nor a path without v1.',
    source: {
      kind: 'sentence',
      words:
        'The ad listing path carries the version segment `v1` (field notes: an older version of the listing was `POST /autoupload/published` with the token in the body, returning a bare array)',
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
  {
    id: 'CFN-02',
    section: 'field notes',
    area: 'conventions',
    severity: 'normal',
    text: "After an edge's 502 or 503 to a read (a page, a lookup, a status), the client retries that read at least once.",
    source: {
      kind: 'field notes',
      words:
        "Between a client and the API there can be an edge (CDN, firewall) that answers 403, 404 or 5xx with an HTML page instead of the API's JSON envelope. Such an answer is about the path to the server, not about the API.",
    },
    advisory:
      "the field notes say an edge's answer is about the path, not the API; how often to retry is the client's choice, and a read is safe to send again",
  },
];
