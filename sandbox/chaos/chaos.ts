import type { ChaosDecision, ChaosInForce, JournalEndpoint } from '../../spec/journal.js';
import { drawsFor, type Draws } from './draws.js';
import { PageForms } from './page-forms.js';
import { RateBlocks } from './rate-block.js';
import { profileNamed, type ChaosProfile, type ChaosStage, type FaultRate } from './profiles.js';
import { CHAOS_OFF, parseChaosSettings, type ChaosSettings } from './settings.js';

/** One decision's draws for one client: its place in that client's sequence of this stage. */
export interface Turn {
  readonly clientId: string;
  /** The turn's place in the client's sequence at its stage (0 first). */
  readonly place: number;
  readonly inForce: ChaosInForce;
  readonly draws: Draws;
  /** The one fault (of those of the stage at this endpoint) one draw lands on, or null. */
  exclusive(endpoint: JournalEndpoint | null, skip?: (fault: FaultRate) => boolean): ChaosDecision | null;
  /** An independent draw for a fault: the profile that fired it, or null. */
  chance(fault: FaultRate['fault'], endpoint: JournalEndpoint | null): ChaosDecision | null;
}

function applies(fault: FaultRate, stage: ChaosStage, endpoint: JournalEndpoint | null): boolean {
  return (
    fault.stage === stage &&
    (fault.endpoints === undefined || (endpoint !== null && fault.endpoints.includes(endpoint)))
  );
}

/**
 * The chaos in force: the profiles, for which clients, from which seed. Off (no profile), every
 * hook asks `active` and goes on at once. Each client's requests and deliveries are numbered per
 * stage; a decision's draws come from (seed, client, stage, number) alone.
 */
/** Chaos's position in its sequences (Chaos.position). */
export interface ChaosPosition {
  places: Record<string, number>;
  switchedOnAtMs: number;
}

export class Chaos {
  private current: ChaosSettings = { ...CHAOS_OFF };
  private profiles: ChaosProfile[] = [];
  private readonly places = new Map<string, number>();
  /** When it was last switched on: catalog-renumber counts from it. */
  private switchedOnAtMs = 0;
  /** rate-limit's windows and blocks, per client. */
  readonly blocks = new RateBlocks();
  /** pages' re-encoded and empty-page tokens, per client. */
  readonly forms = new PageForms();

  get active(): boolean {
    return this.profiles.length > 0;
  }

  get settings(): ChaosSettings {
    return this.current;
  }

  /** Applies a value of the `chaos` switch (settings.ts); the sequences start again from 0. */
  set(value: unknown): void {
    const next = parseChaosSettings(value, this.current);
    this.current = next;
    this.profiles = next.profiles.flatMap((name) => profileNamed(name) ?? []);
    this.places.clear();
    this.blocks.clear();
    this.forms.clear();
    this.switchedOnAtMs = Date.now();
  }

  /** Where each client's sequences stand and when chaos was switched on: kept across a restart. */
  position(): ChaosPosition {
    return { places: Object.fromEntries(this.places), switchedOnAtMs: this.switchedOnAtMs };
  }

  /** Goes on from a kept position, once the kept settings are set again: a replay survives a restart. */
  resume(position: ChaosPosition): void {
    for (const [key, place] of Object.entries(position.places))
      if (Number.isSafeInteger(place) && place >= 0) this.places.set(key, place);
    if (Number.isFinite(position.switchedOnAtMs)) this.switchedOnAtMs = position.switchedOnAtMs;
  }

  renumberedSince(): number {
    return this.switchedOnAtMs + this.current.renumber_after_seconds * 1000;
  }

  /** The profiles on for this client, when any. */
  inForceFor(clientId: string | null): ChaosInForce | undefined {
    if (!this.active || clientId === null) return undefined;
    const { clients } = this.current;
    if (clients !== 'all' && !clients.includes(clientId)) return undefined;
    return { profiles: [...this.current.profiles], seed: this.current.seed };
  }

  has(clientId: string | null, profile: string): boolean {
    return this.inForceFor(clientId)?.profiles.includes(profile) ?? false;
  }

  /**
   * The client's next turn at this stage, or null when chaos is not on for it. `sequence`: the
   * sequence it takes its place in, the stage's own by default; the browser's pages, whose client
   * is only named, take theirs in 'pages', so that nobody naming a client shifts the sequence of
   * its proven requests.
   */
  turn(clientId: string | null, stage: ChaosStage, sequence: string = stage): Turn | null {
    const inForce = this.inForceFor(clientId);
    if (inForce === undefined || clientId === null) return null;
    const key = `${sequence}\n${clientId}`;
    const place = this.places.get(key) ?? 0;
    this.places.set(key, place + 1);
    const draws = drawsFor(inForce.seed, clientId, sequence, place);
    const faults = this.profiles.flatMap((profile) => profile.faults.map((fault) => ({ profile, fault })));
    return {
      clientId,
      place,
      inForce,
      draws,
      exclusive: (endpoint, skip = () => false) => {
        const drawn = draws();
        let floor = 0;
        for (const { profile, fault } of faults) {
          if (!applies(fault, stage, endpoint) || skip(fault)) continue;
          floor += fault.rate;
          if (drawn < floor) return { profile: profile.name, fault: fault.fault };
        }
        return null;
      },
      chance: (name, endpoint) => {
        const drawn = draws();
        const found = faults.find(({ fault }) => fault.fault === name && applies(fault, stage, endpoint));
        return found !== undefined && drawn < found.fault.rate
          ? { profile: found.profile.name, fault: name }
          : null;
      },
    };
  }
}
