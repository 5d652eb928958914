import { FAULTS, type FaultName } from './faults.js';
import { PRODUCTION_BEHAVIOURS, STRICT_SWITCHES } from './strictness.js';
import type { PatchKind, PatchSource, RulesInForce } from './rules/in-force.js';
import { onOff, SwitchRegistry, type SandboxSwitch } from './rules/switches.js';
import { VARIANTS, type VariantName } from './variants.js';

/** Where each kind's catalogue is, for the banner and --help. */
export const CATALOGUES = {
  fault: 'sandbox/fault-catalogue/<area>.ts',
  variant: 'sandbox/variant-catalogue/<area>.ts',
} as const;

/**
 * What the banner and --help say of the switches: how many of each kind, how to change them while
 * the sandbox runs, and where the catalogues are.
 */
export function switchesHelp(): string {
  const counts = `${Object.keys(FAULTS).length} faults and ${Object.keys(VARIANTS).length} variants`;
  return [
    `Switches (${counts}), each on or off while the sandbox runs:`,
    '  classifieds-conformance switches              lists them with their values',
    '  classifieds-conformance switch NAME on|off    turns one on or off',
    '  (the test helpers GET and PUT /test_helpers/v1/switches; SANDBOX_FAULTS and SANDBOX_VARIANTS,',
    '  comma-separated names, turn them on at start)',
    `Catalogues: ${CATALOGUES.fault} (faults), ${CATALOGUES.variant} (variants).`,
  ].join('\n');
}

/** The names of every fault and variant, for --help. */
export function switchNames(): { faults: string[]; variants: string[] } {
  return { faults: Object.keys(FAULTS), variants: Object.keys(VARIANTS) };
}

/**
 * Every fault, variant and strict switch of the rulebook as a switch of the rules in force: on
 * applies its patch, off removes it. A strict switch is a setting (strictness.ts).
 */
export function ruleSwitches(inForce: RulesInForce): SandboxSwitch[] {
  const variants = Object.entries(VARIANTS).map(([name, definition]) =>
    patchSwitch(inForce, 'variant', name, definition.description, definition.patch),
  );
  const faults = Object.entries(FAULTS).map(([name, definition]) =>
    patchSwitch(
      inForce,
      'fault',
      name,
      `${definition.description} (breaks ${definition.requirements.join(', ')})`,
      definition.patch,
    ),
  );
  const strict = Object.entries({ ...STRICT_SWITCHES, ...PRODUCTION_BEHAVIOURS }).map(([name, definition]) =>
    patchSwitch(inForce, 'setting', name, definition.description, definition.patch),
  );
  return [...faults, ...variants, ...strict];
}

/**
 * The switches of one sandbox: its faults and variants, and the settings other parts of it
 * register (`extra`), each name once.
 */
export function switchRegistry(inForce: RulesInForce, extra: readonly SandboxSwitch[] = []): SwitchRegistry {
  return new SwitchRegistry([...ruleSwitches(inForce), ...extra]);
}

/** The faults and variants a sandbox starts with, turned on: variants first, then faults, each in order. */
export function turnOnAtStart(
  inForce: RulesInForce,
  faults: readonly FaultName[],
  variants: readonly VariantName[],
): void {
  for (const name of variants) inForce.turnOn('variant', name, VARIANTS[name].patch);
  for (const name of faults) inForce.turnOn('fault', name, FAULTS[name].patch);
}

function patchSwitch(
  inForce: RulesInForce,
  kind: PatchKind,
  name: string,
  description: string,
  patch: PatchSource,
): SandboxSwitch {
  return {
    name,
    kind,
    summary: description.replace(/\s+/g, ' ').trim(),
    get: () => inForce.isOn(kind, name),
    set: (value) => {
      if (onOff(value, kind)) inForce.turnOn(kind, name, patch);
      else inForce.turnOff(kind, name);
    },
  };
}
