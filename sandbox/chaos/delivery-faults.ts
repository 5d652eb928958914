import { randomBytes } from 'node:crypto';
import type { ChaosDecision } from '../../spec/journal.js';
import type { Deliverer, Delivery, DeliveryChaos } from '../notifications/delivery.js';
import type { Chaos, Turn } from './chaos.js';
import { STATUSES_OUTSIDE_THE_SPEC } from './profiles.js';

/**
 * The delivery stage's faults, wrappers around the deliverer's intake (`enqueue`) and its attempt:
 * a delivery duplicated, held until the configuration's next one has gone (out of order), late,
 * retried after an answer chaos lost (as a timeout), with a forged copy (a wrong token, which a
 * receiver must refuse), or with a status outside section 3 in its body.
 */

type Enqueue = (configId: string, delivery: Delivery) => void;

/** The body with the ad's status replaced, in production's body and the variants' other one. */
function withStatus(body: string, status: string): string {
  try {
    const parsed = JSON.parse(body) as { data?: { ad?: Record<string, unknown> }; new_state?: unknown };
    if (parsed.data?.ad !== undefined) parsed.data.ad.status = status;
    else if ('new_state' in parsed) parsed.new_state = status;
    else return body;
    return JSON.stringify(parsed);
  } catch {
    return body;
  }
}

/** A token of about the configured one's length that is not it. */
function forgedToken(token: string): string {
  const length = Math.max(token.length, 16);
  return `forged_${randomBytes(length).toString('base64url')}`.slice(0, length);
}

/** Out-of-order deliveries, held per configuration until its next one is queued (or the delay passes). */
class HeldBack {
  private readonly held = new Map<string, { delivery: Delivery; timer: NodeJS.Timeout }>();

  constructor(private readonly enqueue: Enqueue) {}

  hold(configId: string, delivery: Delivery, delayMs: number): void {
    this.release(configId);
    const timer = setTimeout(() => {
      this.release(configId);
    }, delayMs).unref();
    this.held.set(configId, { delivery, timer });
  }

  release(configId: string): void {
    const waiting = this.held.get(configId);
    if (waiting === undefined) return;
    this.held.delete(configId);
    clearTimeout(waiting.timer);
    this.enqueue(configId, waiting.delivery);
  }
}

/** The delivery as chaos changed it (a status outside section 3), with the fault drawn for it. */
function drawnDelivery(
  turn: Turn,
  delivery: Delivery,
): { decision: ChaosDecision | null; tag: (detail?: string) => DeliveryChaos; body: string } {
  const status = turn.chance('other-status', null);
  const statusSent =
    STATUSES_OUTSIDE_THE_SPEC[Math.floor(turn.draws() * STATUSES_OUTSIDE_THE_SPEC.length)] ?? 'expired';
  const decision = turn.exclusive(null, (fault) => fault.fault === 'other-status');
  const body = status === null ? delivery.body : withStatus(delivery.body, statusSent);
  const first = decision ?? (status === null ? undefined : { ...status, detail: statusSent });
  const tag = (detail?: string): DeliveryChaos => ({
    inForce: turn.inForce,
    ...(first === undefined ? {} : { decision: detail === undefined ? first : { ...first, detail } }),
  });
  return { decision, tag, body };
}

function intake(enqueue: Enqueue, held: HeldBack, chaos: Chaos): Enqueue {
  return (configId, delivery) => {
    const turn = chaos.turn(delivery.clientId ?? null, 'delivery');
    if (turn === null) {
      enqueue(configId, delivery);
      held.release(configId);
      return;
    }
    const { decision, tag, body } = drawnDelivery(turn, delivery);
    const tagged: Delivery = { ...delivery, body, chaos: tag() };
    const delayMs = chaos.settings.delay_ms;
    switch (decision?.fault) {
      case 'duplicate':
        enqueue(configId, tagged);
        enqueue(configId, tagged);
        break;
      case 'late':
        enqueue(configId, { ...tagged, extraDelayMs: delayMs });
        break;
      case 'retry':
        enqueue(configId, { ...tagged, chaos: { ...tag(), loseFirstAnswer: true } });
        break;
      case 'forged':
        enqueue(configId, { ...tagged, chaos: tag('the genuine one') });
        enqueue(configId, {
          ...tagged,
          token: forgedToken(delivery.token),
          chaos: tag('the forged copy (a wrong token)'),
        });
        break;
      case 'out_of_order':
        held.hold(configId, tagged, delayMs);
        return;
      default:
        enqueue(configId, tagged);
    }
    held.release(configId);
  };
}

export function wrapDeliveries(deliverer: Deliverer, chaos: Chaos): void {
  const enqueue = deliverer.enqueue.bind(deliverer);
  deliverer.enqueue = intake(enqueue, new HeldBack(enqueue), chaos);
  const attempt = deliverer.attempt;
  deliverer.attempt = async (tools, values, delivery, number, cancelled) => {
    const end = await attempt(tools, values, delivery, number, cancelled);
    if (delivery.chaos?.loseFirstAnswer !== true || number !== 1 || end.record?.outcome !== 'delivered')
      return end;
    return {
      record: {
        attempt: number,
        outcome: 'failed',
        error: 'the answer was lost on the way (chaos), as a timeout',
      },
      next: 'timeout',
    };
  };
}
