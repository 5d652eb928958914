import { randomInt } from 'node:crypto';
import { configurationProblems, settingsOf } from '../../config/environment.js';
import type { Chaos } from './chaos.js';
import { PROFILE_NAMES } from './profiles.js';

/**
 * Chaos at the standalone sandbox's start, from its environment (bin/sandbox.ts sets it from
 * `--chaos NAME[,NAME] --seed N --chaos-clients ID[,ID]|all`): SANDBOX_CHAOS names the profiles,
 * SANDBOX_CHAOS_SEED the seed (a random one, printed, when unset), SANDBOX_CHAOS_CLIENTS the
 * clients (`all` as an explicit choice); without it, `defaultClients` (the demo client), if any.
 * Returns the banner's line, or null when no chaos is asked; throws with what is accepted.
 */
export function chaosAtStart(
  chaos: Chaos,
  env: Readonly<Record<string, string | undefined>>,
  defaultClients: readonly string[] | null,
): string | null {
  const profiles = (env.SANDBOX_CHAOS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (profiles.length === 0) return null;
  const named = env.SANDBOX_CHAOS_CLIENTS?.trim();
  const clients =
    named === 'all'
      ? 'all'
      : named
        ? named.split(',').map((id) => id.trim())
        : defaultClients === null
          ? null
          : [...defaultClients];
  if (clients === null)
    throw new Error('chaos needs its clients: --chaos-clients ID[,ID] or all (SANDBOX_CHAOS_CLIENTS)');
  // A seed that is not its declared integer is refused with the declared line, never replaced.
  const wrongSeed = configurationProblems(env).find((line) => line.startsWith('SANDBOX_CHAOS_SEED:'));
  if (wrongSeed !== undefined) throw new Error(wrongSeed);
  const seed = settingsOf(env).SANDBOX_CHAOS_SEED ?? randomInt(2 ** 31 - 1);
  chaos.set({ profiles, clients, seed });
  const whom = clients === 'all' ? 'every client' : clients.join(', ');
  return `  chaos                 ${profiles.join(', ')} for ${whom}, seed ${seed} (switch chaos; docs/sandbox-chaos.md)`;
}

export const CHAOS_HELP = `chaos profiles (--chaos): ${PROFILE_NAMES.join(', ')}; see docs/sandbox-chaos.md`;
