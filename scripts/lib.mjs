import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Runs a command with inherited output; returns its exit status. */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** The Playwright JSON results as "N passed, N failed, N skipped". */
export function summarise(resultsFile) {
  if (!existsSync(resultsFile)) return { passed: 0, failed: 0, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(resultsFile, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}
