// Every variable the triage reads, read here alone (declared in config/variables/project.ts).
import { environment, type Environment } from '../../config/environment.js';

export interface TriageSettings {
  /** CONFORMANCE_KNOWN: the known deviations' file; conformance-known.yaml in the working folder by default. */
  knownFile: string;
  /** CONFORMANCE_NIGHT: tonight's name in the history ("failing since <name>"); the run's UTC date by default. */
  night: string;
}

/**
 * `2026-11-27`: a night's default name, the run's calendar day in UTC. A night is a calendar night
 * (or, named by the nightly workflow, one of its runs), never each run: two runs minutes apart are
 * one night, the later one's verdicts standing for it (history.ts, withNight).
 */
export function nightName(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function triageSettings(env: Environment = environment(), now: Date = new Date()): TriageSettings {
  return {
    knownFile: env.CONFORMANCE_KNOWN?.trim() || 'conformance-known.yaml',
    night: env.CONFORMANCE_NIGHT?.trim() || nightName(now),
  };
}
