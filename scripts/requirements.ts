// npm run requirements [-- --all | --paths | --mode helpers|account | --measure [--slow]]
// Lists the requirements of the catalogue and the tests that cover each, then requirement × path
// (scripts/path-coverage.ts); exits 1 when a requirement that should have a test has none, or a path
// a requirement lists has no test and no reason. --paths prints and checks the paths alone (npm
// test's static check). Coverage is read from Playwright's own test list (the tags).
// --mode says, from the current configuration (environment and .env), which tests a run of that mode
// will run and which it will skip, naming what would unlock each (scripts/mode-forecast.ts);
// --measure runs both modes again, prints what they checked, and rewrites scripts/mode-coverage.json
// and the README's table.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CLIENT_REQUIREMENTS, REQUIREMENTS } from '../spec/requirements/catalogue.js';
import { specsOf, type JsonReport, type JsonSpec } from './lib.js';
import { MODES, readCoverage, type Mode } from './mode-coverage.js';
import { modeLines } from './mode-table.js';
import { configurationFor, forecast, forecastLines } from './mode-forecast.js';
import { loadDotEnv } from '../helpers/target/dotenv.js';
import { playwrightTestArgs } from '../embedded/playwright-command.js';
import { environment, childEnvironment } from '../config/environment.js';
import { pathCoverage, pathLines } from './path-coverage.js';

const args = parseArgs({
  options: {
    all: { type: 'boolean', default: false },
    mode: { type: 'string' },
    measure: { type: 'boolean', default: false },
    paths: { type: 'boolean', default: false },
    slow: { type: 'boolean', default: false },
  },
}).values;

/** The modes asked for, or null (after saying so) on an unknown one. */
function modesOf(mode: string | undefined): readonly Mode[] | null {
  const modes = mode === undefined ? MODES : MODES.filter((known) => known === mode);
  if (modes.length === 0) console.error(`--mode ${mode}: unknown, use one of ${MODES.join(', ')}`);
  return modes.length === 0 ? null : modes;
}

/** --measure: runs both modes again, rewrites the measured coverage, and prints it; 2 on an unknown mode. */
async function measuredCoverage(mode: string | undefined, slow: boolean): Promise<number> {
  const modes = modesOf(mode);
  if (modes === null) return 2;
  // Measuring formats the README with Prettier, a dev dependency: loaded only then, so that an
  // installed package (npx classifieds-conformance requirements) runs without it.
  const file = await (await import('./mode-measure.js')).measureModes(slow);
  for (const found of modes) console.log(`${modeLines(file, found).join('\n')}\n`);
  return 0;
}

/** --mode: what the current configuration will run in that mode; 1 when it would not start at all. */
function forecastCoverage(mode: string | undefined): number {
  const modes = modesOf(mode);
  if (modes === null) return 2;
  const file = readCoverage();
  if (file === null) {
    console.error('no measured coverage yet: npm run requirements -- --measure');
    return 1;
  }
  loadDotEnv();
  const { specs, root } = listTests(['conformance', 'conformance-last']);
  let status = 0;
  for (const found of modes) {
    const target = configurationFor(found, environment());
    if (typeof target === 'string' && target !== 'helpers') {
      console.log(`mode ${found}: ${target}\n`);
      status = 1;
      continue;
    }
    const tests = forecast(specs, root, file.modes[found], typeof target === 'string' ? null : target);
    console.log(`${forecastLines(found, tests).join('\n')}\n`);
  }
  return status;
}

function listTests(projects: readonly string[] = ['conformance']): { specs: JsonSpec[]; root: string } {
  const output = execFileSync(
    process.execPath,
    [
      ...playwrightTestArgs(),
      '--list',
      '--reporter=json',
      ...projects.map((project) => `--project=${project}`),
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: childEnvironment({ PLAYWRIGHT_JSON_OUTPUT_NAME: '' }),
    },
  );
  const report = JSON.parse(output.slice(output.indexOf('{'))) as JsonReport & {
    config?: { rootDir?: string };
  };
  return { specs: (report.suites ?? []).flatMap(specsOf), root: report.config?.rootDir ?? process.cwd() };
}

/**
 * The audit of every check: what it enforces, a sentence of the specification or an
 * interpretation (advisory, or accepting every defensible answer), and whether a server following
 * RFC 6749 / RFC 9700, or production as ../shared/field-notes.md describes it, would fail it.
 */
function basisLines(): string[] {
  const sentences = REQUIREMENTS.filter((found) => found.check.kind === 'sentence');
  const interpretations = REQUIREMENTS.flatMap((found) =>
    found.check.kind === 'interpretation' ? [{ id: found.id, ...found.check }] : [],
  );
  const failing = (question: 'rfcServerFails' | 'productionFails') =>
    REQUIREMENTS.filter((found) => found.check[question].startsWith('yes'));
  const rfc = failing('rfcServerFails');
  const production = failing('productionFails');
  const handled = (handling: string) => interpretations.filter((found) => found.handling === handling).length;
  return [
    `checks by basis: ${sentences.length} enforce a sentence of the specification, ${interpretations.length} an interpretation (${handled('advisory')} advisory, ${handled('accepts every defensible answer')} accepting every defensible answer)`,
    ...(args.all
      ? interpretations.map((found) => `interpretation ${found.id} (${found.handling}): ${found.reason}`)
      : []),
    `would an RFC 6749/9700 server fail a check: ${rfc.length === 0 ? 'none' : rfc.map((found) => `${found.id} (${found.check.rfcServerFails})`).join('; ')}`,
    `would production (field notes) fail a check: ${production.length === 0 ? 'none' : production.map((found) => `${found.id} (${found.check.productionFails})`).join('; ')}`,
  ];
}

/** The third count: requirements whose tests killed a fault in the last `npm run mutants`. */
function killedLine(coveredIds: readonly string[]): string {
  const path = 'reports/mutants.json';
  if (!existsSync(path)) return 'requirements with a test that kills a fault: unknown (run npm run mutants)';
  const matrix = JSON.parse(readFileSync(path, 'utf8')) as {
    date: string;
    faults: Array<{ status: string; requirements: string[] }>;
  };
  const killed = new Set(
    matrix.faults.filter((fault) => fault.status === 'killed').flatMap((fault) => fault.requirements),
  );
  const missing = coveredIds.filter((id) => !killed.has(id));
  return `${killed.size} requirements with a test that kills a fault (reports/mutants.json of ${matrix.date}, ${matrix.faults.length} faults)${missing.length > 0 ? `; none yet for ${missing.join(', ')}` : ''}`;
}

/**
 * The client's requirements are a family of their own: they bind an integrator's client, which the
 * report card grades from the sandbox's journal, not a server that a test checks.
 */
function clientFamilyLine(): string {
  const advisory = CLIENT_REQUIREMENTS.filter((found) => found.advisory !== undefined).length;
  return `client requirements (their own family, graded by \`client-report\` from the sandbox's journal, not counted above): ${CLIENT_REQUIREMENTS.length}, ${advisory} advisory`;
}

/** The catalogue beside the conformance tests' tags; 1 when a requirement that should have a test has none. */
function listRequirements(): number {
  const coverage = new Map<string, string[]>();
  const { specs } = listTests(['conformance', 'conformance-last']);
  const paths = pathCoverage(specs);
  if (args.paths) {
    console.log(pathLines(paths, args.all).join('\n'));
    return paths.missing.length + paths.unknownIds.length === 0 ? 0 : 1;
  }
  for (const spec of specs) {
    for (const tag of spec.tags ?? []) {
      const id = tag.replace(/^@/, '');
      coverage.set(id, [...(coverage.get(id) ?? []), spec.title]);
    }
  }

  const uncovered = REQUIREMENTS.filter(
    (found) => !coverage.has(found.id) && found.untestable === undefined && found.plannedFor === undefined,
  );
  const planned = REQUIREMENTS.filter((found) => !coverage.has(found.id) && found.plannedFor !== undefined);
  const untestable = REQUIREMENTS.filter((found) => found.untestable !== undefined);
  const covered = REQUIREMENTS.filter((found) => coverage.has(found.id));

  if (args.all) {
    for (const found of covered)
      console.log(
        `${found.id.padEnd(9)} ${String(coverage.get(found.id)?.length).padStart(3)} test(s)  ${found.text}`,
      );
    console.log('');
  }
  for (const found of untestable) console.log(`untestable ${found.id}: ${found.untestable}`);
  for (const found of planned) console.log(`planned    ${found.id}: ${found.plannedFor}`);
  for (const found of uncovered) console.log(`UNCOVERED  ${found.id} (§${found.section}): ${found.text}`);
  console.log(
    `\n${REQUIREMENTS.length} requirements: ${covered.length} covered by a test, ${untestable.length} untestable, ${planned.length} planned, ${uncovered.length} uncovered`,
  );
  console.log(killedLine(covered.map((found) => found.id)));
  console.log(basisLines().join('\n'));
  console.log(`\n${pathLines(paths, args.all).join('\n')}`);
  console.log(clientFamilyLine());
  return uncovered.length === 0 && paths.missing.length + paths.unknownIds.length === 0 ? 0 : 1;
}

if (args.measure) void measuredCoverage(args.mode, args.slow).then((status) => process.exit(status));
else if (args.mode !== undefined) process.exit(forecastCoverage(args.mode));
else process.exit(listRequirements());
