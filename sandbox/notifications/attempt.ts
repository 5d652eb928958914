import { tokenCarrier } from '../../spec/observed-forms.js';
import { request, type Agent } from 'undici';
import { deliveryHeaders } from './body.js';
import type { DeliveryLogEntry } from './delivery-log.js';
import type { DeliveryPolicy } from './delivery-policy.js';
import type { DeliveryRules } from './delivery-rules.js';
import type { DeliveryPolicyValues, RetryCause } from './delivery-settings.js';
import { DeliveryRefused } from './policy-connector.js';

/** What one attempt wrote to the delivery log (the rest of the entry is the delivery's). */
export type AttemptRecord = Omit<DeliveryLogEntry, 'at' | 'configuration_id' | 'url'>;

/** How an attempt ended: done (delivered, or refused: never retried), or a cause a retry may follow. */
export interface AttemptEnd {
  record: AttemptRecord | null;
  next: 'done' | RetryCause;
}

export interface AttemptTools {
  readonly agent: Agent;
  readonly rules: DeliveryRules;
  readonly policy: DeliveryPolicy;
}

/**
 * One attempt at a delivery under the policy in force, to the url as the configuration parsed it:
 * refused before any connection when the URL names an address the policy refuses; a 4xx answer
 * is the receiver's refusal, a 5xx a failure; no answer within the timeout, a timeout. A
 * cancelled delivery records nothing.
 */
export async function attemptDelivery(
  { agent, rules, policy }: AttemptTools,
  values: DeliveryPolicyValues,
  delivery: { target: URL | null; token: string; body: string },
  attempt: number,
  cancelled: AbortSignal,
): Promise<AttemptEnd> {
  const { target } = delivery;
  if (target === null) return notAUrl(attempt);
  const refusal = policy.refuseUrl(target);
  if (refusal !== null) return refusedByPolicy(attempt, refusal);
  const timeout = AbortSignal.timeout(values.timeoutMs);
  const headers = deliveryHeaders(delivery.token, rules, values, attempt);
  const carried = { token_header: tokenCarrier(headers, delivery.token) };
  try {
    const response = await request(target, {
      method: 'POST',
      dispatcher: agent,
      headers,
      body: delivery.body,
      headersTimeout: values.timeoutMs,
      bodyTimeout: values.timeoutMs,
      signal: AbortSignal.any([cancelled, timeout]),
    });
    await response.body.dump();
    const status = response.statusCode;
    if (rules.deliveryFailed(status))
      return { record: { attempt, outcome: 'failed', status, ...carried }, next: '5xx' };
    if (rules.deliveryRefused(status))
      return {
        record: { attempt, outcome: 'refused', refused_by: 'receiver', status, ...carried },
        next: 'done',
      };
    return { record: { attempt, outcome: 'delivered', status, ...carried }, next: 'done' };
  } catch (error) {
    if (cancelled.aborted) return { record: null, next: 'done' };
    const refused = refusedBy(error);
    if (refused !== null) return refusedByPolicy(attempt, refused);
    if (timeout.aborted || isTimeout(error))
      return {
        record: { attempt, outcome: 'failed', error: `no answer within ${values.timeoutMs} ms` },
        next: 'timeout',
      };
    return { record: { attempt, outcome: 'failed', error: networkError(error) }, next: 'network' };
  }
}

function refusedByPolicy(attempt: number, reason: string): AttemptEnd {
  return {
    record: { attempt, outcome: 'refused', refused_by: 'delivery-policy', error: reason },
    next: 'done',
  };
}

/** A url that a fault let through without parsing as an absolute http(s) URL: nowhere to send it. */
function notAUrl(attempt: number): AttemptEnd {
  return {
    record: { attempt, outcome: 'failed', error: 'the url is not an absolute http(s) URL' },
    next: 'done',
  };
}

/** The policy's reason, when the error (or its cause) is its refusal after name resolution. */
function refusedBy(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof DeliveryRefused) return current.reason;
  }
  return null;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function isTimeout(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (current.name === 'TimeoutError' || (typeof code === 'string' && TIMEOUT_CODES.has(code))) return true;
  }
  return false;
}

function networkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}
