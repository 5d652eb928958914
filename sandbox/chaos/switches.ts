import type { Chaos } from './chaos.js';
import { CHAOS_PROFILES } from './profiles.js';
import type { SandboxSwitch } from '../rules/switches.js';

/** The chaos profiles as one run-time setting: `{profiles, clients, seed, ...}` or false. */
export function chaosSwitches(chaos: Chaos): SandboxSwitch[] {
  return [
    {
      name: 'chaos',
      kind: 'setting',
      summary: `seeded faults for chosen clients (profiles ${CHAOS_PROFILES.map((profile) => profile.name).join(', ')}): {"profiles": [...], "clients": [ids], "seed": n} sets those clients' chaos only; "clients": "all" and false are global: they change every client's chaos; docs/sandbox-chaos.md`,
      get: () => chaosValue(chaos),
      set: (value) => {
        chaos.set(value);
      },
    },
  ];
}

/** What the switch reads: false when off; the one setting in force; or every one as `{"each": [...]}`. */
function chaosValue(chaos: Chaos): unknown {
  const groups = chaos.groups;
  if (groups.length === 0) return false;
  if (groups.length === 1) return { ...groups[0] };
  return { each: groups.map((group) => ({ ...group })) };
}
