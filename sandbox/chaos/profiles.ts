import { API_ENDPOINTS, AUTH_ENDPOINTS, type JournalEndpoint } from '../../spec/journal.js';

/**
 * The chaos profiles: each a name, a line, and its faults with their rates. A fault names the
 * stage it wraps (`request`: before the endpoint's handler; `answer`: the listing's answer on its
 * way out; `delivery`: a delivery as it is queued and attempted), the endpoints it may touch, and
 * the share of those requests or deliveries it takes (1: all). The code that applies each fault
 * is beside: request-faults.ts, answer-faults.ts, delivery-faults.ts; rate-limit is a rule with a
 * state of its own (rate-block.ts), not a draw.
 */

export type ChaosStage = 'request' | 'answer' | 'delivery';

export type RequestFault =
  | 'html-403'
  | 'html-502'
  | 'html-503'
  | 'reset'
  | 'timeout'
  | 'latency'
  | 'user-info-gone'
  | 'short-page'
  | 'catalog-renumbered'
  | 'token-revoked';
export type AnswerFault = 'other-status' | 'token-form' | 'empty-last-page' | 'page-cycle';
export type DeliveryFault = 'duplicate' | 'out_of_order' | 'late' | 'retry' | 'forged' | 'other-status';

export interface FaultRate {
  readonly stage: ChaosStage;
  readonly fault: RequestFault | AnswerFault | DeliveryFault;
  readonly rate: number;
  /** The endpoints it may touch; absent: every endpoint of its stage. */
  readonly endpoints?: readonly JournalEndpoint[];
}

export interface ChaosProfile {
  readonly name: string;
  readonly summary: string;
  readonly faults: readonly FaultRate[];
  /** rate-limit: production's block, per client. */
  readonly rateBlock?: boolean;
}

export { API_ENDPOINTS, AUTH_ENDPOINTS };

function edgeFaults(scale: number): FaultRate[] {
  const family = (endpoints: readonly JournalEndpoint[], share: number): FaultRate[] =>
    (
      [
        ['html-403', 0.03],
        ['html-502', 0.03],
        ['html-503', 0.03],
        ['reset', 0.02],
        ['timeout', 0.01],
        ['latency', 0.1],
      ] as const
    ).map(([fault, rate]) => ({ stage: 'request', fault, rate: rate * share * scale, endpoints }));
  // The authorization server's pages are cached and lighter: half the API's rates.
  return [...family(API_ENDPOINTS, 1), ...family(AUTH_ENDPOINTS, 0.5)];
}

export const STATUSES_OUTSIDE_THE_SPEC = ['expired', 'sold', 'deleted_sold'] as const;

export const CHAOS_PROFILES: readonly ChaosProfile[] = [
  {
    name: 'edge',
    summary:
      'a CDN in front: HTML 403/502/503 pages 3% each, resets 2%, timeouts 1%, +latency 10% on the API; half on the authorization server',
    faults: edgeFaults(1),
  },
  {
    name: 'rate-limit',
    summary:
      "production's block: past the limit in a minute (default 300) every request of the client is 429 RATE_LIMIT for the block (default 5 s)",
    faults: [],
    rateBlock: true,
  },
  {
    name: 'user-info-gone',
    summary: 'basic_user_info answers 404, as production has since 2026-08',
    faults: [{ stage: 'request', fault: 'user-info-gone', rate: 1, endpoints: ['basic_user_info'] }],
  },
  {
    name: 'catalog-renumber',
    summary:
      'from the moment it is switched on (plus renumber_after_seconds), car and motorcycle ids are id + 1000000 for this client: old ids 404 and are refused by the import',
    faults: [{ stage: 'request', fault: 'catalog-renumbered', rate: 1, endpoints: ['catalog', 'import'] }],
  },
  {
    name: 'statuses',
    summary: 'listed ads 20% and deliveries 20% carry expired, sold or deleted_sold',
    faults: [
      { stage: 'answer', fault: 'other-status', rate: 0.2, endpoints: ['listing'] },
      { stage: 'delivery', fault: 'other-status', rate: 0.2 },
    ],
  },
  {
    name: 'pages',
    summary:
      'pages shorter than fetch_size 30%, page tokens in another form (base64 with +/=) 50%, an empty last page 50% of last pages',
    faults: [
      { stage: 'request', fault: 'short-page', rate: 0.3, endpoints: ['listing'] },
      { stage: 'answer', fault: 'token-form', rate: 0.5, endpoints: ['listing'] },
      { stage: 'answer', fault: 'empty-last-page', rate: 0.5, endpoints: ['listing'] },
    ],
  },
  {
    name: 'page-cycle',
    summary:
      "a server's fault, not production's: half the pages fetched with a page_token answer a next_token naming that same page (a client that follows it is served that page again)",
    faults: [{ stage: 'answer', fault: 'page-cycle', rate: 0.5, endpoints: ['listing'] }],
  },
  {
    name: 'deliveries',
    summary:
      'deliveries duplicated 10%, out of order 10%, late (delay_ms, default 1500) 10%, retried after a lost answer 10%, and a forged copy (wrong token) 10%',
    faults: [
      { stage: 'delivery', fault: 'duplicate', rate: 0.1 },
      { stage: 'delivery', fault: 'out_of_order', rate: 0.1 },
      { stage: 'delivery', fault: 'late', rate: 0.1 },
      { stage: 'delivery', fault: 'retry', rate: 0.1 },
      { stage: 'delivery', fault: 'forged', rate: 0.1 },
    ],
  },
  {
    name: 'token-revoked',
    summary:
      "the access token of 8% of the API's requests that carry a live one revoked on arrival: the endpoint refuses it as unknown (the listing 401 ACCESS_DENIED, 7.3), and every later use",
    faults: [{ stage: 'request', fault: 'token-revoked', rate: 0.08, endpoints: API_ENDPOINTS }],
  },
  {
    name: 'realistic',
    summary:
      'a production night: a tenth of the edge, 2% other statuses, 10% short pages, deliveries 2% each fault',
    faults: [
      ...edgeFaults(0.1),
      { stage: 'answer', fault: 'other-status', rate: 0.02, endpoints: ['listing'] },
      { stage: 'request', fault: 'short-page', rate: 0.1, endpoints: ['listing'] },
      { stage: 'answer', fault: 'token-form', rate: 1, endpoints: ['listing'] },
      ...(['duplicate', 'out_of_order', 'late', 'retry', 'forged', 'other-status'] as const).map(
        (fault): FaultRate => ({ stage: 'delivery', fault, rate: 0.02 }),
      ),
    ],
  },
];

export const PROFILE_NAMES = CHAOS_PROFILES.map((profile) => profile.name);

export function profileNamed(name: string): ChaosProfile | undefined {
  return CHAOS_PROFILES.find((profile) => profile.name === name);
}
