/** Types of scripts/lib.mjs, for the self-tests that check the gate's arithmetic. */
export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  warnings: number;
  broken: number;
  errors: number;
}
export function run(command: string, args: readonly string[], env?: Record<string, string>): number;
export function summarise(resultsFile: string): RunCounts;
export function brokenLine(counts: RunCounts): string;
export function gateStatus(playwrightStatus: number, counts: RunCounts): number;
