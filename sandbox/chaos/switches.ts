import type { Chaos } from './chaos.js';
import { CHAOS_PROFILES } from './profiles.js';
import type { SandboxSwitch } from '../rules/switches.js';

/** The chaos profiles as one run-time setting: `{profiles, clients, seed, ...}` or false. */
export function chaosSwitches(chaos: Chaos): SandboxSwitch[] {
  return [
    {
      name: 'chaos',
      kind: 'setting',
      summary: `seeded faults for chosen clients (profiles ${CHAOS_PROFILES.map((profile) => profile.name).join(', ')}): {"profiles": [...], "clients": [ids] or "all", "seed": n}; docs/sandbox-chaos.md`,
      get: () => (chaos.active ? { ...chaos.settings } : false),
      set: (value) => {
        chaos.set(value);
      },
    },
  ];
}
