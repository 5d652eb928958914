import { PROFILE_NAMES } from './profiles.js';

/** What chaos is on, for whom, from which seed, with the profiles' adjustable figures. */
export interface ChaosSettings {
  profiles: string[];
  /** The client ids it applies to, or every client: an explicit choice, never the default. */
  clients: string[] | 'all';
  seed: number;
  /** rate-limit: requests a client may make in a minute before its block. */
  limit: number;
  /** rate-limit: seconds of the block (production's ten minutes, on a time scale). */
  block_seconds: number;
  /** edge: ms a timed-out request is held before its connection is closed unanswered. */
  timeout_ms: number;
  /** edge: ms added by the latency fault. */
  latency_ms: number;
  /** deliveries: ms a late delivery waits. */
  delay_ms: number;
  /** catalog-renumber: seconds from switching it on to the new ids. */
  renumber_after_seconds: number;
}

export const CHAOS_OFF: ChaosSettings = {
  profiles: [],
  clients: [],
  seed: 1,
  limit: 300,
  block_seconds: 5,
  timeout_ms: 8000,
  latency_ms: 300,
  delay_ms: 1500,
  renumber_after_seconds: 0,
};

const BOUNDS: Record<string, [number, number]> = {
  seed: [0, 2 ** 31 - 1],
  limit: [1, 1_000_000],
  block_seconds: [0, 600],
  timeout_ms: [10, 60_000],
  latency_ms: [0, 30_000],
  delay_ms: [0, 60_000],
  renumber_after_seconds: [0, 86_400],
};

export const CHAOS_ACCEPTED =
  `chaos takes false (off) or {"profiles": [${PROFILE_NAMES.join(', ')}], "clients": [client ids] or "all", ` +
  `"seed": integer, and optionally ${Object.entries(BOUNDS)
    .filter(([name]) => name !== 'seed')
    .map(([name, [min, max]]) => `"${name}" ${min}..${max}`)
    .join(', ')}}`;

function clientsOf(value: unknown): string[] | 'all' | undefined {
  if (value === 'all') return 'all';
  const ok =
    Array.isArray(value) &&
    value.length <= 1000 &&
    value.every((id) => typeof id === 'string' && id !== '' && id.length <= 256);
  return ok ? [...(value as string[])] : undefined;
}

/** Validates a value of the `chaos` switch; throws with what is accepted. */
export function parseChaosSettings(value: unknown, current: ChaosSettings): ChaosSettings {
  if (value === false || value === null) return { ...current, profiles: [] };
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(CHAOS_ACCEPTED);
  const given = value as Record<string, unknown>;
  const profiles = given.profiles ?? current.profiles;
  const clients = clientsOf(given.clients ?? current.clients);
  const unknownKey = Object.keys(given).some((key) => !(key in CHAOS_OFF));
  const badProfiles =
    !Array.isArray(profiles) ||
    profiles.some((name) => typeof name !== 'string' || !PROFILE_NAMES.includes(name));
  if (unknownKey || badProfiles || clients === undefined) throw new Error(CHAOS_ACCEPTED);
  const next: ChaosSettings = { ...current, profiles: [...new Set(profiles as string[])], clients };
  for (const [name, [min, max]] of Object.entries(BOUNDS)) {
    const figure = given[name];
    if (figure === undefined) continue;
    if (typeof figure !== 'number' || !Number.isInteger(figure) || figure < min || figure > max)
      throw new Error(CHAOS_ACCEPTED);
    (next as unknown as Record<string, number>)[name] = figure;
  }
  return next;
}
