// npm test: static checks, then the whole Playwright run (conformance suite and the suite's self-tests).
import { exitUnlessChromium } from './ensure-chromium.js';
import { clearRunResults } from '../helpers/report/stopped-run.js';
import { printSkipGroups } from './skip-groups.js';
import { printAdvisoryWarnings } from './advisory-warnings.js';
import { brokenLine, gateStatus, lastLine, run, settleResults, summarise } from './lib.js';
import { settings } from '../config/environment.js';

// Chromium from Debian's packages, never a download.
exitUnlessChromium();
const reports = settings().REPORTS_DIR;
const staticChecks: Array<[string, string[]]> = [
  ['npx', ['tsc', '--noEmit']],
  ['npx', ['eslint', '.', '--max-warnings', '0']],
  // Import circles with `import type` lines too, which ESLint's no-cycle skips (.dependency-cruiser.mjs).
  ['npm', ['run', '--silent', 'lint:cycles']],
  ['npx', ['prettier', '--check', '.']],
  // The OpenAPI description, against Redocly's recommended rules less those redocly.yaml turns off.
  ['npx', ['redocly', 'lint', 'schemas/openapi.yaml']],
  // The GitHub workflows: actionlint, then the project's own rules (scripts/lint-workflows.ts).
  ['npx', ['tsx', 'scripts/lint-workflows.ts']],
  // .env.example and docs/configuration.md as config/variables/ declares them; every variable read is declared.
  ['npx', ['tsx', 'scripts/check-config.ts']],
  // Every relative link in the Markdown resolves, every folder README is one screen (scripts/check-docs.ts).
  ['npx', ['tsx', 'scripts/check-docs.ts']],
  // Requirement × path: every path a requirement lists has a test on it or a reason (scripts/path-coverage.ts).
  ['npx', ['tsx', 'scripts/requirements.ts', '--paths']],
];
let failedChecks = 0;
for (const [command, args] of staticChecks) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  if (run(command, args) !== 0) failedChecks += 1;
}
// The results this run writes are its own: an earlier run's never stand in for them.
clearRunResults(reports);
// This command has no option of its own: every argument goes to Playwright as given.
const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
settleResults(reports, status);
const counts = summarise(`${reports}/results.json`);
const broken = brokenLine(counts);
if (broken !== '') console.log(broken);
if (counts.errors > 0) console.log(`${counts.errors} error(s) outside the tests: see the output above.`);
if (failedChecks > 0)
  console.log(
    `\n${failedChecks} static check(s) failed (type check, lint, import circles, format, OpenAPI, workflows, configuration, docs, paths).`,
  );
printSkipGroups(`${reports}/results.json`);
printAdvisoryWarnings(`${reports}/results.json`);
console.log(lastLine(counts, failedChecks));
const gate = gateStatus(status, counts);
process.exit(gate !== 0 ? gate : failedChecks > 0 ? 1 : 0);
