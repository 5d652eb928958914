import type { DeliveryRecord, JournalRecord } from '../spec/journal.js';
import { isSection3Status } from '../spec/ad-status.js';
import { deliveriesOf, faultsOf, statusText } from './records.js';
import { failed, passedIf, type Verdict } from './verdict.js';

/**
 * Which requirement grades a delivery, one kind each so that one mistake fails one requirement:
 * a forged one (C6-02), a repeated one (duplicate, late, out of order, a retry: C6-03), one with a
 * status outside section 3 (C3-02), a plain valid one (C6-01). A delivery chaos changed in a way
 * not named here, one never sent (dropped, cancelled), or an attempt whose answer chaos lost, is
 * graded by none.
 */
export type DeliveryKind = 'forged' | 'repeated' | 'unknown status' | 'plain' | 'ungraded';

const REPEATED_FAULTS = new Set(['duplicate', 'late', 'out_of_order', 'retry']);
/** Chaos's fault that sends a status outside section 3 (a listing's or a delivery's). */
export const OTHER_STATUS = 'other-status';

/**
 * The first attempt of chaos's `retry`: the receiver answered, and chaos lost that answer on its
 * way back (journaled as a 502 or a timeout), so the record holds chaos's answer, not the receiver's.
 */
function answerLostByChaos(delivery: DeliveryRecord, faults: readonly string[]): boolean {
  return faults.includes('retry') && delivery.attempt === 1 && delivery.outcome === 'failed';
}

/**
 * Chaos's `forged` sends the genuine delivery (the configured token) and a forged copy beside it,
 * both tagged with the fault; the detail tells the genuine one, which is a valid delivery.
 */
function genuineBesideForged(delivery: DeliveryRecord): boolean {
  return delivery.decision?.fault === 'forged' && /genuine/i.test(delivery.decision.detail ?? '');
}

export function deliveryKind(delivery: DeliveryRecord): DeliveryKind {
  if (delivery.outcome === 'dropped' || delivery.outcome === 'cancelled') return 'ungraded';
  const tagged = faultsOf(delivery);
  if (answerLostByChaos(delivery, tagged)) return 'ungraded';
  const faults = genuineBesideForged(delivery) ? tagged.filter((fault) => fault !== 'forged') : tagged;
  if (faults.includes('forged')) return 'forged';
  if (faults.some((fault) => REPEATED_FAULTS.has(fault))) return 'repeated';
  if (faults.some((fault) => fault !== OTHER_STATUS)) return 'ungraded';
  return isSection3Status(delivery.status_sent) && !faults.includes(OTHER_STATUS)
    ? 'plain'
    : 'unknown status';
}

/** A grader of one kind of delivery: every delivery of that kind answered as `accepts` says. */
export function gradeDeliveries(
  kind: DeliveryKind,
  accepts: (status: number | undefined) => boolean,
  expected: string,
): (records: readonly JournalRecord[]) => Verdict {
  return (records) => {
    const graded = deliveriesOf(records).filter((delivery) => deliveryKind(delivery) === kind);
    const wrong = graded.find((delivery) => !accepts(delivery.http_status));
    if (wrong !== undefined)
      return failed(
        `delivery #${wrong.seq} (${kind}, event ${wrong.event_id}, status ${wrong.status_sent}, attempt ${wrong.attempt}) was answered ${statusText(wrong.http_status)}; expected ${expected}`,
        wrong,
      );
    return passedIf(graded.length, `${kind} deliver(ies) answered ${expected}`, `no ${kind} delivery`);
  };
}
