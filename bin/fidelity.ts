// classifieds-conformance fidelity --observed <marketplace's observed.json> [--double FILE]
//   [--uncalibrated] [--out DIR] [--files PATH,...] [--allure-results DIR]
// How like the marketplace the double is: the double (the embedded sandbox, calibrated from the
// marketplace's profile unless --uncalibrated) is observed the way the nightly observes a target
// (the suite, its profile reporter), and the two profiles are compared fact by fact (agreed,
// differs with both values, observed on one side only). --double compares a profile of the double
// already made, without a run. Writes fidelity.json and fidelity.md in --out (default
// reports/fidelity); --allure-results DIR adds one Allure result a fact there (suite `fidelity`).
// Exit status: 0 when the double agrees on every fact its calibration claims
// (uncalibrated: always 0 once scored), 1 when one it claims differs, 2 for a profile that cannot
// be read or a run that wrote none.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runSuite } from '../embedded/run-suite.js';
import {
  fidelityByArea,
  fidelityLine,
  fidelityMarkdown,
  fidelityOf,
  fidelityTests,
  type Fidelity,
} from '../helpers/profile/fidelity.js';
import { readProfile, type Profile } from '../helpers/profile/profile.js';
import { settings } from '../config/environment.js';
import { writeFactTests } from '../report-card/reliance/allure.js';

interface Claims {
  facts: ReadonlySet<string>;
  catalog: boolean;
}

/** The facts calibration.json says the double reproduces. */
function claimsOf(path: string): Claims | undefined {
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    catalog?: string;
    facts?: Array<{ area: string; key: string; reproduced: boolean }>;
  };
  const facts = (file.facts ?? [])
    .filter((fact) => fact.reproduced)
    .map((fact) => `${fact.area} | ${fact.key}`);
  return { facts: new Set(facts), catalog: file.catalog === 'served as observed' };
}

/** The double observed: the suite against the embedded sandbox, calibrated unless told not to be. */
async function observeDouble(
  observed: string,
  out: string,
  options: { uncalibrated: boolean; files: string[] },
): Promise<{ profile: Profile; claims: Claims | undefined; seconds: number } | { problem: string }> {
  const dir = join(out, 'double');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = process.hrtime.bigint();
  await runSuite({
    files: options.files,
    reportsDir: dir,
    workers: 2,
    timeoutMs: 1_800_000,
    env: options.uncalibrated ? {} : { SANDBOX_LIKE: observed },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const read = readProfile(join(dir, 'observed.json'));
  if ('problem' in read) return { problem: `the double's run wrote no profile: ${read.problem}` };
  return { profile: read.profile, claims: claimsOf(join(dir, 'calibration.json')), seconds };
}

/** fidelity.json (the facts, the score, the areas) and fidelity.md in `out`. */
function writeFidelity(out: string, fidelity: Fidelity): void {
  const areas = fidelityByArea(fidelity);
  writeFileSync(join(out, 'fidelity.json'), `${JSON.stringify({ ...fidelity, areas }, null, 2)}\n`);
  writeFileSync(join(out, 'fidelity.md'), fidelityMarkdown(fidelity));
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      observed: { type: 'string' },
      double: { type: 'string' },
      uncalibrated: { type: 'boolean', default: false },
      out: { type: 'string', default: join(settings().REPORTS_DIR, 'fidelity') },
      files: { type: 'string', default: 'suites' },
      'allure-results': { type: 'string' },
    },
  });
  if (values.observed === undefined) {
    console.error(
      'Usage: classifieds-conformance fidelity --observed <observed.json> [--double FILE] [--uncalibrated] [--out DIR] [--files PATH,...] [--allure-results DIR]',
    );
    return 2;
  }
  const observed = resolve(values.observed);
  const marketplace = readProfile(observed);
  if ('problem' in marketplace) return refuse(marketplace.problem);
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  let double: Profile;
  let claims: Claims | undefined;
  if (values.double !== undefined) {
    const read = readProfile(resolve(values.double));
    if ('problem' in read) return refuse(read.problem);
    double = read.profile;
  } else {
    const run = await observeDouble(observed, out, {
      uncalibrated: values.uncalibrated,
      files: values.files.split(','),
    });
    if ('problem' in run) return refuse(run.problem);
    ({ profile: double, claims } = run);
    console.log(`fidelity: the double observed in ${run.seconds.toFixed(1)} s (${join(out, 'double')})`);
  }
  const fidelity = fidelityOf(marketplace.profile, double, claims);
  writeFidelity(out, fidelity);
  console.log(fidelityMarkdown(fidelity));
  console.log(fidelityLine(fidelity));
  const allure = values['allure-results'];
  if (allure !== undefined)
    console.log(
      `fidelity: ${writeFactTests(resolve(allure), 'fidelity', 'fidelity', fidelityTests(fidelity))} facts in ${allure}`,
    );
  return (fidelity.claimed?.differing.length ?? 0) > 0 ? 1 : 0;
}

function refuse(problem: string): number {
  console.error(`fidelity: no comparison: ${problem}`);
  return 2;
}

void main().then((code) => {
  process.exitCode = code;
});
