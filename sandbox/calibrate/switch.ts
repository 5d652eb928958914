import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PatchSource, RulesInForce } from '../rules/in-force.js';
import type { SandboxSwitch } from '../rules/switches.js';
import type { CalibrationVariant } from './table.js';
import { calibrationOf, notReproducedLines, type Calibration } from './calibrate.js';
import { profileOf, readObservedProfile } from './observed.js';

/** The name under which the calibration's own patch is in force (beside the variants). */
const PATCH_NAME = 'calibration';

/** The field of a kept calibration that holds its profile (state/kept-switches.ts). */
const KEPT = 'kept profile';
interface KeptCalibration {
  [KEPT]: unknown;
  turnedOn: string[];
}

function isKept(value: unknown): value is KeptCalibration {
  return (
    typeof value === 'object' &&
    value !== null &&
    KEPT in value &&
    Array.isArray((value as { turnedOn?: unknown }).turnedOn)
  );
}

/**
 * A sandbox's calibration: at most one profile's choices in force at a time, its own patch and the
 * variants it turned on (and only those: a variant already on stays on when it is undone).
 */
export class CalibrationInForce {
  private current: { calibration: Calibration; turnedOn: string[]; profile: unknown } | undefined;
  /** Whether this start was given a calibration (--like): it wins over a kept one. */
  readonly givenAtStart: boolean;

  /**
   * `variantPatch`: a variant's patch by name (start.ts hands in the catalogue's, a floor above);
   * `atStart`: the calibration of --like.
   */
  constructor(
    private readonly inForce: RulesInForce,
    private readonly variantPatch: (name: CalibrationVariant) => PatchSource,
    atStart?: Calibration,
  ) {
    this.givenAtStart = atStart !== undefined;
    if (atStart !== undefined) this.apply(atStart);
  }

  get calibration(): Calibration | undefined {
    return this.current?.calibration;
  }

  /**
   * `profile`: the JSON it was made of, kept in the data folder to be taken again at a restart;
   * `ours`: variants this calibration turned on before a restart (set on again by then, each by
   * its own kept value), undone with it all the same.
   */
  apply(calibration: Calibration, profile?: unknown, ours: readonly string[] = []): void {
    this.undo();
    const turnedOn = calibration.settings.variants.filter(
      (name) => !this.inForce.isOn('variant', name) || ours.includes(name),
    );
    this.inForce.turnOn('variant', PATCH_NAME, calibration.patch);
    for (const name of turnedOn)
      if (!this.inForce.isOn('variant', name)) this.inForce.turnOn('variant', name, this.variantPatch(name));
    this.current = { calibration, turnedOn, profile };
  }

  /** What the data folder keeps: the profile and the variants it turned on (false: none in force). */
  kept(): KeptCalibration | false {
    const current = this.current;
    if (current?.profile === undefined) return false;
    return { [KEPT]: current.profile, turnedOn: current.turnedOn };
  }

  undo(): void {
    if (this.current === undefined) return;
    for (const name of this.current.turnedOn) this.inForce.turnOff('variant', name);
    this.inForce.turnOff('variant', PATCH_NAME);
    this.current = undefined;
  }
}

/** What GET /switches shows of a calibration: whose profile, how many facts taken, which not. */
export function calibrationView(calibration: Calibration | undefined): unknown {
  if (calibration === undefined) return false;
  return {
    target: calibration.target,
    observedAt: calibration.observedAt,
    reproduced: calibration.facts.filter((fact) => fact.reproduced).length,
    catalog: calibration.catalogServed,
    notReproduced: notReproducedLines(calibration),
  };
}

/**
 * The `calibration` setting: an observed profile (the JSON of reports/observed.json) makes the
 * sandbox take every choice of it the calibration table can reproduce; false or null undoes it.
 * A file path is never read from the API: the sandbox may serve a shared host.
 */
export function calibrationSwitch(calibrating: CalibrationInForce): SandboxSwitch {
  return {
    name: 'calibration',
    kind: 'setting',
    summary:
      'an observed profile (reports/observed.json) whose choices the sandbox takes where it can; false undoes it (docs/calibration-and-reliance.md)',
    get: () => calibrationView(calibrating.calibration),
    kept: () => calibrating.kept(),
    set: (value) => {
      if (value === false || value === null) {
        calibrating.undo();
        return;
      }
      // The value a data folder kept, set again at a restart; a calibration this start was given wins.
      if (isKept(value)) {
        if (calibrating.givenAtStart) return;
        const kept = profileOf(value[KEPT]);
        if ('problem' in kept) throw new Error(`the kept calibration is ${kept.problem}.`);
        calibrating.apply(calibrationOf(kept), value[KEPT], value.turnedOn.map(String));
        return;
      }
      const profile = profileOf(value);
      if ('problem' in profile)
        throw new Error(`calibration takes an observed profile (or false); this one is ${profile.problem}.`);
      calibrating.apply(calibrationOf(profile), value);
    },
  };
}

/** The calibration file: the profile's outcome, fact by fact, and the facts not reproduced. */
export function calibrationFileText(calibration: Calibration): string {
  return `${JSON.stringify(
    {
      format: 'classifieds-calibration/1',
      target: calibration.target,
      observedAt: calibration.observedAt,
      catalog: calibration.catalogServed ? 'served as observed' : 'not observed: the sandbox’s own',
      facts: calibration.facts,
      notReproduced: notReproducedLines(calibration),
      notObserved: calibration.notObserved,
    },
    null,
    2,
  )}\n`;
}

/**
 * The calibration of a profile file (--like, SANDBOX_LIKE), read before the sandbox opens anything:
 * a file that is not a profile stops the start, since a double that claims a calibration it does
 * not have would lie.
 */
export function calibrationFromFile(path: string): Calibration {
  const profile = readObservedProfile(path);
  // With a code: the standalone sandbox says it in one line, without a stack.
  if ('problem' in profile) throw Object.assign(new Error(`--like: ${profile.problem}`), { code: 'LIKE' });
  return calibrationOf(profile);
}

/**
 * Writes the calibration file of a calibration at start; returns the banner's lines: how many facts
 * it took, and each it could not.
 */
export function calibrationReport(calibration: Calibration, profile: string, out: string): string[] {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, calibrationFileText(calibration));
  const missing = notReproducedLines(calibration);
  const reproduced = calibration.facts.filter((fact) => fact.reproduced).length;
  return [
    `calibrated like  ${profile} (${calibration.target}, ${calibration.observedAt}): ${reproduced} of ${calibration.facts.length} facts reproduced, catalog ${calibration.catalogServed ? 'as observed' : 'the sandbox’s own'}`,
    `not reproduced   ${missing.length} (listed in ${out})`,
    ...missing.map((line) => `  ${line}`),
    `not observed     ${calibration.notObserved.length} (the sandbox keeps its own)`,
    ...calibration.notObserved.map((line) => `  ${line}`),
  ];
}
