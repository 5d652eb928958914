import type { FullConfig } from '@playwright/test';

/**
 * Playwright traces are refused, whether asked for by `--trace` or in the configuration: a trace
 * records what no redaction reaches (the login form's POST body with the password, the argument
 * of the script that types it, every network response with its code or token, DOM snapshots of
 * pages echoing input), and it is a zip that travels with the reports. The Allure report shows
 * every exchange, redacted, and a screenshot of each browser step instead.
 */
export const TRACE_REFUSAL =
  'Playwright traces are refused: a trace records the login form (password), the script that types it, and every response (codes, tokens) unredacted. Run without --trace; the Allure report shows each exchange, redacted, and a screenshot of each browser step.';

type TraceOption = FullConfig['projects'][number]['use']['trace'];

function modeOf(trace: TraceOption): string {
  if (trace === undefined) return 'off';
  return typeof trace === 'string' ? trace : trace.mode;
}

/** The projects that would record a trace, with their mode: empty when none would. */
export function tracingProjects(config: FullConfig): string[] {
  return config.projects
    .filter((project) => modeOf(project.use.trace) !== 'off')
    .map((project) => `${project.name} (trace: ${modeOf(project.use.trace)})`);
}
