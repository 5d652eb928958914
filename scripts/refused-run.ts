// A run refused for its configuration, before any file of the last run is touched: the last
// report (reports/allure-report/, its results.json and junit.xml) stays as that run left it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configurationProblems } from '../config/validate.js';
import { type Environment, settings } from '../config/environment.js';
import { oneLineReason, writeStoppedRun } from '../helpers/report/stopped-run.js';
import { resolveTarget, TargetConfigError } from '../helpers/target/target.js';
import { targetNamedBy } from '../helpers/target/target-naming.js';
import { lastLine } from './lib.js';

/**
 * Why the configuration stops the run, checked as the global set-up checks it (every variable;
 * a named target's variables whole), or null. The embedded sandbox's are checked once it is
 * started, by the set-up itself.
 */
export function configurationRefusal(env: Environment): string | null {
  try {
    if (targetNamedBy(env).length > 0) resolveTarget(env);
    else {
      const problems = configurationProblems(env);
      if (problems.length > 0) throw new TargetConfigError(problems);
    }
    return null;
  } catch (error) {
    if (error instanceof TargetConfigError) return error.message;
    throw error;
  }
}

/**
 * Ends a refused run: the reason, and the run's last line. A reports folder holding a run's results
 * keeps them and its report, and says so: a person reads the last report again. Without them (a
 * fresh clone), or in CI (`CI` set), where a job publishes the files and must not publish an
 * earlier run's counts as this one's, the stopped run's one failed case is written
 * (helpers/report/stopped-run.ts).
 */
export function refuseRun(reportsDir: string, message: string): never {
  const reason = oneLineReason(message);
  console.error(message);
  const last = ['results.json', 'junit.xml'].some((name) => existsSync(join(reportsDir, name)));
  if (last && settings().CI === undefined)
    console.error(
      `The last run's report is left as it was (this run wrote none): ${resolve(reportsDir, 'allure-report', 'index.html')}`,
    );
  else writeStoppedRun(reportsDir, reason);
  const counts = { passed: 0, failed: 1, skipped: 0, warnings: 0, broken: 0, errors: 0, stopped: reason };
  console.log(lastLine(counts));
  process.exit(2);
}
