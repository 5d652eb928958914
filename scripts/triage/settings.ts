// Every variable the triage reads, read here alone (declared in config/variables/project.ts).
import { environment, type Environment } from '../../config/environment.js';

export interface TriageSettings {
  /** CONFORMANCE_KNOWN: the known deviations' file; conformance-known.yaml in the working folder by default. */
  knownFile: string;
  /** CONFORMANCE_NIGHT: tonight's name in the history ("failing since <name>"); the run's UTC time by default. */
  night: string;
}

/** `2026-11-27 02:17 UTC`: a night's default name. */
export function nightName(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function triageSettings(env: Environment = environment(), now: Date = new Date()): TriageSettings {
  return {
    knownFile: env.CONFORMANCE_KNOWN?.trim() || 'conformance-known.yaml',
    night: env.CONFORMANCE_NIGHT?.trim() || nightName(now),
  };
}
