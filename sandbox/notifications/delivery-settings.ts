/**
 * The delivery policy a user can change while the sandbox runs (switches.ts): how long an attempt
 * waits, how often and after what a delivery is tried again, and how the configured token reaches
 * the receiver. Not shown by the spec (6: "Retries, ordering, timeouts and the header that carries
 * `token`"); the defaults and why are in docs/sandbox-deliveries.md.
 */

/** What ended an attempt that may be tried again. */
export type RetryCause = '5xx' | 'network' | 'timeout';
export const RETRY_CAUSES: readonly RetryCause[] = ['5xx', 'network', 'timeout'];

/** `bearer`: `<header>: Bearer <token>`; `raw`: `<header>: <token>`, as production's sibling webhook. */
export type TokenForm = 'bearer' | 'raw';
export const TOKEN_FORMS: readonly TokenForm[] = ['bearer', 'raw'];

export interface DeliveryPolicyValues {
  /** The whole of one attempt: connection, request and the receiver's answer. */
  readonly timeoutMs: number;
  /** Attempts after the first. */
  readonly retries: number;
  /** The pause before each retry, in order; the last repeats when there are more retries. */
  readonly backoffMs: readonly number[];
  /** What is tried again; anything else (a 2xx, 3xx or 4xx answer, a policy refusal) is not. */
  readonly retryOn: readonly RetryCause[];
  /** The header that carries the configured token. */
  readonly tokenHeader: string;
  readonly tokenForm: TokenForm;
}

/**
 * Above production's sibling webhook's 5 s, so a receiver that answers within 5 s gets one attempt;
 * retries after a 5xx, a network error or a timeout, after short pauses, so that a receiver that
 * fails once gets the event well within the suite's wait.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicyValues = {
  timeoutMs: 6_000,
  retries: 3,
  backoffMs: [100, 400, 1_600],
  retryOn: RETRY_CAUSES,
  tokenHeader: 'Authorization',
  tokenForm: 'bearer',
};

/** Bounds of what a user may set (the sandbox may be shared: a slot is held at most this long). */
export const DELIVERY_POLICY_BOUNDS = {
  timeoutMs: [100, 30_000],
  retries: [0, 10],
  backoffMs: [0, 60_000],
} as const;

/** RFC 9110 token characters: what a header name may hold. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
/** Headers that frame or route the request, or carry its media type (R6-02): never the token's. */
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

function integerIn(value: unknown, [low, high]: readonly [number, number], what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high)
    throw new Error(`${what}: an integer from ${low} to ${high} is accepted`);
  return value;
}

/** Each value checked, with a message that says what is accepted. */
export const VALIDATE = {
  timeoutMs: (value: unknown): number => integerIn(value, DELIVERY_POLICY_BOUNDS.timeoutMs, 'timeout (ms)'),
  retries: (value: unknown): number => integerIn(value, DELIVERY_POLICY_BOUNDS.retries, 'retries'),
  backoffMs: (value: unknown): number[] => {
    const accepted = `pauses before retries: an array of 1 to 10 integers from 0 to ${DELIVERY_POLICY_BOUNDS.backoffMs[1]} (ms) is accepted`;
    if (!Array.isArray(value) || value.length < 1 || value.length > 10) throw new Error(accepted);
    return value.map((one: unknown) => integerIn(one, DELIVERY_POLICY_BOUNDS.backoffMs, accepted));
  },
  retryOn: (value: unknown): RetryCause[] => {
    const known = (one: unknown): one is RetryCause => RETRY_CAUSES.some((cause) => cause === one);
    if (!Array.isArray(value) || !value.every(known))
      throw new Error(`retried after: an array of ${RETRY_CAUSES.join(', ')} (or none) is accepted`);
    return RETRY_CAUSES.filter((cause) => value.includes(cause));
  },
  tokenHeader: (value: unknown): string => {
    if (typeof value !== 'string' || !HEADER_NAME.test(value) || RESERVED_HEADERS.has(value.toLowerCase()))
      throw new Error(
        `token header: a header name (letters, digits and -, at most 64) other than ${[...RESERVED_HEADERS].join(', ')} is accepted`,
      );
    return value;
  },
  tokenForm: (value: unknown): TokenForm => {
    const form = TOKEN_FORMS.find((one) => one === value);
    if (form === undefined) throw new Error(`token form: ${TOKEN_FORMS.join(' or ')} is accepted`);
    return form;
  },
} as const;

/** The policy in force for one sandbox; read at each attempt, so a change applies to the next one. */
export class DeliverySettings {
  private values: DeliveryPolicyValues = DEFAULT_DELIVERY_POLICY;

  get current(): DeliveryPolicyValues {
    return this.values;
  }

  /** Validates every given value first: a bad one changes nothing. */
  apply(changes: Partial<Record<keyof DeliveryPolicyValues, unknown>>): void {
    const checked: Partial<Record<keyof DeliveryPolicyValues, unknown>> = {};
    for (const [name, value] of Object.entries(changes) as Array<[keyof DeliveryPolicyValues, unknown]>)
      if (value !== undefined) checked[name] = VALIDATE[name](value);
    this.values = { ...this.values, ...(checked as Partial<DeliveryPolicyValues>) };
  }
}

/** The policy in one line, for the banner and the logs. */
export function describeDeliveryPolicy(values: DeliveryPolicyValues): string {
  const retried =
    values.retries === 0 || values.retryOn.length === 0
      ? 'one attempt'
      : `${values.retries} retries after ${values.retryOn.join(', ')} (pauses ${values.backoffMs.join(', ')} ms)`;
  const token =
    values.tokenForm === 'bearer'
      ? `${values.tokenHeader}: Bearer <token>`
      : `${values.tokenHeader}: <token>`;
  return `${values.timeoutMs / 1000} s per attempt, ${retried}, token as ${token}`;
}
