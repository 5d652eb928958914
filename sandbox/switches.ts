/**
 * The lists of faults (deviations the suite must catch) and variants (other choices where the
 * specification says "not shown", which the suite must accept) a sandbox starts with
 * (SANDBOX_FAULTS, SANDBOX_VARIANTS); each can also be turned on and off while it runs
 * (rule-switches.ts), and each on becomes a patch of the rulebook.
 */

/** Parses a comma-separated list such as SANDBOX_FAULTS; an unknown name is an error, not ignored. */
export function parseSwitches<Name extends string>(
  list: string | undefined,
  catalogue: Readonly<Record<Name, unknown>>,
  variable: string,
): Name[] {
  if (list === undefined || list.trim() === '') return [];
  const known = (name: string): name is Name => Object.hasOwn(catalogue, name);
  return list.split(',').map((raw) => {
    const name = raw.trim();
    if (!known(name))
      throw new Error(`Unknown name "${name}" in ${variable}; known: ${Object.keys(catalogue).join(', ')}`);
    return name;
  });
}
