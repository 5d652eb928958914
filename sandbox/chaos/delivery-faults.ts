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

/** Past the longest an attempt and its retries take, a held delivery goes anyway. */
const HELD_FALLBACK_MS = 60_000;
/** How long an out-of-order delivery waits for a next one to overtake it before it goes anyway. */
export const HOLD_LIMIT_MS = 5_000;

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

interface HeldGroup {
  deliveries: Delivery[];
  timer?: NodeJS.Timeout;
  /** The delivery whose first attempt the group waits for, once one was queued. */
  claimedBy?: symbol;
}

/**
 * Out-of-order deliveries, held per configuration until the first attempt of its next delivery
 * that is not held too has ended (then the group goes, in its order), or at most HOLD_LIMIT_MS.
 */
class HeldBack {
  private readonly groups = new Map<string, HeldGroup[]>();

  constructor(private readonly enqueue: Enqueue) {}

  private open(configId: string): HeldGroup | undefined {
    const last = this.groups.get(configId)?.at(-1);
    return last?.claimedBy === undefined ? last : undefined;
  }

  hold(configId: string, delivery: Delivery): void {
    const open = this.open(configId);
    if (open !== undefined) {
      open.deliveries.push(delivery);
      return;
    }
    const group: HeldGroup = { deliveries: [delivery] };
    group.timer = this.releaseAfter(configId, group, HOLD_LIMIT_MS);
    this.groups.set(configId, [...(this.groups.get(configId) ?? []), group]);
  }

  /**
   * The configuration's next delivery that is not held was queued: the open group waits for its
   * first attempt now, not for the limit (a late one may take longer); a fallback past the longest
   * attempt frees it should that never be made (the configuration deleted).
   */
  claim(configId: string, fallbackMs: number): symbol | undefined {
    const open = this.open(configId);
    if (open === undefined) return undefined;
    clearTimeout(open.timer);
    open.timer = this.releaseAfter(configId, open, fallbackMs);
    open.claimedBy = Symbol('the delivery the held ones wait for');
    return open.claimedBy;
  }

  /** The claiming delivery's first attempt has ended: its group goes. */
  releaseFor(configId: string, claim: symbol): void {
    const group = this.groups.get(configId)?.find((held) => held.claimedBy === claim);
    if (group !== undefined) this.release(configId, group);
  }

  private releaseAfter(configId: string, group: HeldGroup, ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      this.release(configId, group);
    }, ms).unref();
  }

  private release(configId: string, group: HeldGroup): void {
    const left = (this.groups.get(configId) ?? []).filter((held) => held !== group);
    if (left.length > 0) this.groups.set(configId, left);
    else this.groups.delete(configId);
    clearTimeout(group.timer);
    for (const delivery of group.deliveries) this.enqueue(configId, delivery);
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

/** A delivery as drawn, ready to be queued in the way its fault says. */
interface Drawn {
  configId: string;
  original: Delivery;
  tagged: Delivery;
  tag: (detail?: string) => DeliveryChaos;
  /** The tag without the claim (a held delivery waits for another, it releases none). */
  unclaimed: () => DeliveryChaos;
  delayMs: number;
  lostAs: 'timeout' | '5xx';
}

function queueAsDrawn(enqueue: Enqueue, held: HeldBack, fault: string | undefined, drawn: Drawn): void {
  const { configId, tagged, tag } = drawn;
  switch (fault) {
    case 'duplicate':
      enqueue(configId, tagged);
      enqueue(configId, tagged);
      return;
    case 'late':
      enqueue(configId, { ...tagged, extraDelayMs: drawn.delayMs });
      return;
    case 'retry':
      enqueue(configId, {
        ...tagged,
        chaos: { ...tag(`the first answer lost (${drawn.lostAs})`), loseFirstAnswer: drawn.lostAs },
      });
      return;
    case 'forged': {
      enqueue(configId, { ...tagged, chaos: tag('the genuine one') });
      const forged = {
        token: forgedToken(drawn.original.token),
        chaos: tag('the forged copy (a wrong token)'),
      };
      enqueue(configId, { ...tagged, ...forged });
      return;
    }
    case 'out_of_order':
      held.hold(configId, { ...tagged, chaos: drawn.unclaimed() });
      return;
    default:
      enqueue(configId, tagged);
  }
}

function intake(enqueue: Enqueue, held: HeldBack, chaos: Chaos): Enqueue {
  return (configId, delivery) => {
    const turn = chaos.turn(delivery.clientId ?? null, 'delivery');
    if (turn === null) {
      enqueue(configId, delivery);
      return;
    }
    const { decision, tag: unclaimed, body } = drawnDelivery(turn, delivery);
    const delayMs = chaos.settingsFor(delivery.clientId ?? null).delay_ms;
    const claim =
      decision?.fault === 'out_of_order' ? undefined : held.claim(configId, delayMs + HELD_FALLBACK_MS);
    // The configuration's deliveries held back (out of order) go once this one's first attempt has ended.
    const release =
      claim === undefined
        ? {}
        : {
            afterFirstAttempt: () => {
              held.releaseFor(configId, claim);
            },
          };
    const tag = (detail?: string): DeliveryChaos => ({ ...unclaimed(detail), ...release });
    // A retry's first answer is lost as a timeout or as an edge's 502, half each (drawn like the rest).
    const lostAs = turn.draws() < 0.5 ? 'timeout' : '5xx';
    const tagged: Delivery = { ...delivery, body, chaos: tag() };
    queueAsDrawn(enqueue, held, decision?.fault, {
      configId,
      original: delivery,
      tagged,
      tag,
      unclaimed,
      delayMs,
      lostAs,
    });
  };
}

export function wrapDeliveries(deliverer: Deliverer, chaos: Chaos): void {
  const enqueue = deliverer.enqueue.bind(deliverer);
  deliverer.enqueue = intake(enqueue, new HeldBack(enqueue), chaos);
  const attempt = deliverer.attempt;
  deliverer.attempt = async (tools, values, delivery, number, cancelled) => {
    const end = await attempt(tools, values, delivery, number, cancelled);
    if (number === 1) delivery.chaos?.afterFirstAttempt?.();
    const lost = delivery.chaos?.loseFirstAnswer;
    if (lost === undefined || number !== 1 || end.record?.outcome !== 'delivered') return end;
    const record =
      lost === '5xx'
        ? { status: 502, error: 'the answer was lost on the way (chaos): an edge answered 502' }
        : { error: 'the answer was lost on the way (chaos), as a timeout' };
    return { record: { attempt: number, outcome: 'failed', ...record }, next: lost };
  };
}
