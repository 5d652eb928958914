// The switches kept in the data folder (docs/sandbox-service.md): the value of every fault,
// variant and setting (delivery settings, the import's, chaos with its seed), written whenever one
// is set and at the stop, and chaos's place in each client's sequences, written at the stop; set
// again at the next start, before what the start itself asks (SANDBOX_FAULTS, SANDBOX_CHAOS, ...),
// so that a replay goes on across a restart and a team finds the sandbox as it left it.
import type { Chaos, ChaosPosition } from '../chaos/chaos.js';
import type { Persistence } from '../persist/persistence.js';
import type { SwitchRegistry } from '../rules/switches.js';
import { keepRecord, keptRecord } from './kept-stores.js';

const SWITCHES_RECORD = 'switches';
const CHAOS_RECORD = 'chaos-position';

/** Sets the kept values again (a value a switch no longer takes is said on stderr and left). */
export function restoreSwitches(persistence: Persistence, switches: SwitchRegistry, chaos: Chaos): void {
  const kept = keptRecord(persistence, SWITCHES_RECORD);
  if (typeof kept !== 'object' || kept === null) return;
  const known = new Set(switches.names());
  for (const [name, value] of Object.entries(kept as Record<string, unknown>)) {
    if (!known.has(name)) continue;
    try {
      switches.set(name, value);
    } catch (error) {
      console.error(
        `sandbox: the kept value of switch ${name} is not taken (${String(error)}); left as it is`,
      );
    }
  }
  const position = keptRecord(persistence, CHAOS_RECORD);
  if (chaos.active && isPosition(position)) chaos.resume(position);
}

/** Keeps every switch's value at each change; `keepNow` (at the stop) keeps chaos's position too. */
export function keepSwitches(
  persistence: Persistence,
  switches: SwitchRegistry,
  chaos: Chaos,
): { keepNow: () => void } {
  const keepValues = (): void => {
    keepRecord(persistence, SWITCHES_RECORD, switches.keptValues());
  };
  switches.onSet = keepValues;
  return {
    keepNow: () => {
      keepValues();
      keepRecord(persistence, CHAOS_RECORD, chaos.position());
    },
  };
}

function isPosition(value: unknown): value is ChaosPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { places, switchedOnAtMs } = value as Record<string, unknown>;
  return typeof places === 'object' && places !== null && typeof switchedOnAtMs === 'number';
}
