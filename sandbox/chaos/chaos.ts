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

/** One setting of the switch in force, for the clients it named (or every client). */
interface Group {
  readonly settings: ChaosSettings;
  readonly profiles: ChaosProfile[];
  /** When it was switched on: catalog-renumber counts from it. */
  readonly switchedOnAtMs: number;
}

function groupOf(settings: ChaosSettings): Group | null {
  const profiles = settings.profiles.flatMap((name) => profileNamed(name) ?? []);
  return profiles.length === 0 ? null : { settings, profiles, switchedOnAtMs: Date.now() };
}

/**
 * The chaos in force: the profiles, for which clients, from which seed. Off (no profile), every
 * hook asks `active` and goes on at once. Each client's requests and deliveries are numbered per
 * stage; a decision's draws come from (seed, client, stage, number) alone.
 *
 * Tenants apart: a value naming clients sets those clients' chaos only (a team switching its
 * own leaves every other team's as it was, sequence and block included); the two global values,
 * `false` and `"clients": "all"`, change every client's chaos (the switch's summary says so).
 */
/** Chaos's position in its sequences (Chaos.position). */
export interface ChaosPosition {
  places: Record<string, number>;
  /** The earliest setting's (a position kept before settings were per client has only this). */
  switchedOnAtMs: number;
  /** Per client id, and EVERYONE for the global setting. */
  switchedOn?: Record<string, number>;
}

/** The global setting's key in ChaosPosition.switchedOn (no client id holds a newline). */
const EVERYONE = '\n*';

export class Chaos {
  private last: ChaosSettings = { ...CHAOS_OFF };
  /** `"clients": "all"`: every client without a setting of its own. */
  private everyone: Group | null = null;
  private readonly own = new Map<string, Group>();
  private readonly places = new Map<string, number>();
  /** rate-limit's windows and blocks, per client. */
  readonly blocks = new RateBlocks();
  /** pages' re-encoded and empty-page tokens, per client. */
  readonly forms = new PageForms();

  get active(): boolean {
    return this.everyone !== null || this.own.size > 0;
  }

  /** The value last set (what a value leaves out keeps from it). */
  get settings(): ChaosSettings {
    return this.last;
  }

  /** Every setting in force: the global one first, then each distinct one of named clients. */
  get groups(): ChaosSettings[] {
    const named = new Map<Group, string[]>();
    for (const [clientId, group] of this.own) named.set(group, [...(named.get(group) ?? []), clientId]);
    return [
      ...(this.everyone === null ? [] : [this.everyone.settings]),
      ...[...named].map(([group, clients]) => ({ ...group.settings, clients })),
    ];
  }

  /** The setting in force for the client, when any. */
  settingsFor(clientId: string | null): ChaosSettings {
    return this.groupFor(clientId)?.settings ?? this.last;
  }

  private groupFor(clientId: string | null): Group | null {
    if (clientId === null) return null;
    return this.own.get(clientId) ?? this.everyone;
  }

  /**
   * Applies a value of the `chaos` switch (settings.ts). Naming clients: theirs only, their
   * sequences from 0 again. `"all"` or false: every client's, every sequence from 0. `{"each":
   * [...]}` (what the switch reads when several are in force): all off, then each in order.
   */
  set(value: unknown): void {
    const each = eachOf(value);
    if (each !== undefined) {
      this.set(false);
      for (const one of each) this.set(one);
      return;
    }
    const next = parseChaosSettings(value, this.last);
    this.last = next;
    const group = groupOf(next);
    if (next.clients === 'all' || (next.profiles.length === 0 && (value === false || value === null))) {
      this.everyone = next.clients === 'all' ? group : null;
      this.own.clear();
      this.places.clear();
      this.blocks.clear();
      this.forms.clear();
      return;
    }
    for (const clientId of next.clients) {
      if (group === null) this.own.delete(clientId);
      else this.own.set(clientId, group);
      this.restart(clientId);
    }
  }

  /** Where each client's sequences stand and when each setting was switched on: kept across a restart. */
  position(): ChaosPosition {
    const switchedOn: Record<string, number> = {};
    if (this.everyone !== null) switchedOn[EVERYONE] = this.everyone.switchedOnAtMs;
    for (const [clientId, group] of this.own) switchedOn[clientId] = group.switchedOnAtMs;
    const times = Object.values(switchedOn);
    return {
      places: Object.fromEntries(this.places),
      switchedOnAtMs: times.length === 0 ? 0 : Math.min(...times),
      switchedOn,
    };
  }

  /** Goes on from a kept position, once the kept settings are set again: a replay survives a restart. */
  resume(position: ChaosPosition): void {
    for (const [key, place] of Object.entries(position.places))
      if (Number.isSafeInteger(place) && place >= 0) this.places.set(key, place);
    const at = (key: string): number | undefined => {
      const kept = position.switchedOn?.[key] ?? position.switchedOnAtMs;
      return Number.isFinite(kept) ? kept : undefined;
    };
    const everyoneAt = at(EVERYONE);
    if (this.everyone !== null && everyoneAt !== undefined)
      this.everyone = { ...this.everyone, switchedOnAtMs: everyoneAt };
    const resumed = new Map<Group, Group>();
    for (const [clientId, group] of this.own) {
      const kept = at(clientId);
      if (kept === undefined) continue;
      const again = resumed.get(group) ?? { ...group, switchedOnAtMs: kept };
      resumed.set(group, again);
      this.own.set(clientId, again);
    }
  }
  /** The client's sequences, windows and page forms, from nothing again. */
  private restart(clientId: string): void {
    for (const key of [...this.places.keys()]) if (key.endsWith(`\n${clientId}`)) this.places.delete(key);
    this.blocks.forget(clientId);
    this.forms.forget(clientId);
  }

  renumberedSince(clientId: string | null): number {
    const group = this.groupFor(clientId);
    if (group === null) return Infinity;
    return group.switchedOnAtMs + group.settings.renumber_after_seconds * 1000;
  }

  /** The profiles on for this client, when any. */
  inForceFor(clientId: string | null): ChaosInForce | undefined {
    const group = this.groupFor(clientId);
    if (group === null) return undefined;
    return { profiles: [...group.settings.profiles], seed: group.settings.seed };
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
    const profiles = this.groupFor(clientId)?.profiles ?? [];
    const faults = profiles.flatMap((profile) => profile.faults.map((fault) => ({ profile, fault })));
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

/** The settings of `{"each": [...]}`, or undefined for any other value. */
function eachOf(value: unknown): unknown[] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const each = (value as { each?: unknown }).each;
  return Array.isArray(each) && each.length <= 1000 ? each : undefined;
}
