// npm run bench:reliance: what calibration, fidelity and the morning's verdict cost. The nightly's
// own observation (the suite against the embedded sandbox standing in for the marketplace, with
// drift variants) is the reference of the same run for the calibration (the profile made a double:
// read, mapped, patched) and the fidelity run (the calibrated double observed and compared); then
// `reliance check` of a contract of 10,000 facts against a profile and a week of history, beside
// the reference of reading the same two files. Writes reports/bench/reliance.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from '../embedded/run-suite.js';
import type { CatalogNode } from '../helpers/profile/catalog-tree.js';
import { fidelityLine, fidelityOf } from '../helpers/profile/fidelity.js';
import { readProfile, type Profile } from '../helpers/profile/profile.js';
import { checkContract, countsLine } from '../report-card/reliance/check.js';
import { contractText, parseContract, type RelianceFact } from '../report-card/reliance/contract.js';
import { calibrationFromFile } from '../sandbox/calibrate/switch.js';
import type { VariantName } from '../sandbox/variants.js';
import { median, round } from './lib/stats.js';

const MARKETPLACE: VariantName[] = [
  'listing-other-statuses',
  'drift-car-brand-renumbered',
  'drift-token-extra-fields',
];
const FACTS = 10_000;
const NIGHTS = 7;

const seconds = (since: bigint): number => Number(process.hrtime.bigint() - since) / 1e9;

async function observed(
  dir: string,
  env: Record<string, string>,
  variants: VariantName[] = [],
): Promise<{ profile: Profile; seconds: number }> {
  const started = process.hrtime.bigint();
  await runSuite({ files: ['suites'], reportsDir: dir, workers: 2, timeoutMs: 1_800_000, variants, env });
  const took = seconds(started);
  const read = readProfile(join(dir, 'observed.json'));
  if ('problem' in read) throw new Error(`no profile: ${read.problem}`);
  return { profile: read.profile, seconds: took };
}

/** A catalog of 100 brands of 100 models; `renumbered`: the first 50 brands' models moved. */
function largeCatalog(renumbered: boolean): Record<string, CatalogNode> {
  const brands: Record<string, CatalogNode> = {};
  for (let brand = 1; brand <= 100; brand += 1) {
    const models: Record<string, CatalogNode> = {};
    for (let model = 1; model <= FACTS / 100; model += 1) {
      const id = brand * 1000 + model;
      models[`Model ${id}`] = { id: renumbered && brand <= 50 ? id + 500_000 : id, children: {} };
    }
    brands[`Brand ${brand}`] = { id: brand, children: models };
  }
  return { car: { id: 'car_info', children: brands } };
}

/** The contract relying on every model's original id. */
function largeContract(): RelianceFact[] {
  return Object.entries(largeCatalog(false).car?.children ?? {}).flatMap(([brand, node]) =>
    Object.entries(node.children ?? {}).map(([model, child]) => ({
      kind: 'catalog id' as const,
      subject: `vehicle_model ${String(child.id)}`,
      value: `car / ${brand} / ${model}`,
    })),
  );
}

/**
 * reliance check of 10,000 facts against tonight and a week of history (half of them broken for the
 * last four nights: the history walked back for each), beside reading the two files.
 */
function relianceFigures(dir: string, base: Profile): Record<string, number | string> {
  const night = (day: number): Profile => ({
    ...base,
    observedAt: `2026-12-0${day}T02:00:00.000Z`,
    catalog: largeCatalog(day >= 5),
  });
  const tonightFile = join(dir, 'tonight.json');
  writeFileSync(tonightFile, JSON.stringify(night(NIGHTS + 1)));
  const contractFile = join(dir, 'contract.txt');
  writeFileSync(contractFile, contractText('cl_bench', largeContract()));
  const history = Array.from({ length: NIGHTS }, (_, index) => night(index + 1));
  const readStart = process.hrtime.bigint();
  const parsed = parseContract(readFileSync(contractFile, 'utf8'));
  const tonight = readProfile(tonightFile);
  const readMs = seconds(readStart) * 1000;
  if ('problem' in parsed || 'problem' in tonight)
    throw new Error('the bench contract or profile did not read back');
  const checkStart = process.hrtime.bigint();
  const verdicts = checkContract(parsed.facts, tonight.profile, history);
  const checkMs = seconds(checkStart) * 1000;
  return {
    relianceFacts: verdicts.length,
    relianceCheckMs: round(checkMs, 1),
    relianceReadMs: round(readMs, 1),
    relianceCounts: countsLine(verdicts),
  };
}

/** The observation, the calibration of its profile, and the calibrated double's fidelity run. */
async function calibrationFigures(
  dir: string,
): Promise<{ figures: Record<string, number | string>; base: Profile }> {
  const marketplace = await observed(join(dir, 'marketplace'), {}, MARKETPLACE);
  const profileFile = join(dir, 'marketplace', 'observed.json');
  const calibrations: number[] = [];
  for (let turn = 0; turn < 20; turn += 1) {
    const started = process.hrtime.bigint();
    calibrationFromFile(profileFile);
    calibrations.push(seconds(started) * 1000);
  }
  const double = await observed(join(dir, 'double'), { SANDBOX_LIKE: profileFile });
  const compareStart = process.hrtime.bigint();
  const fidelity = fidelityOf(marketplace.profile, double.profile);
  const compareMs = seconds(compareStart) * 1000;
  return {
    base: marketplace.profile,
    figures: {
      observationSeconds: round(marketplace.seconds, 1),
      calibrationMsMedian: round(median(calibrations), 2),
      fidelityRunSeconds: round(double.seconds + compareMs / 1000, 1),
      fidelityCompareMs: round(compareMs, 2),
      fidelity: fidelityLine(fidelity),
    },
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reliance-'));
  try {
    const { figures: calibration, base } = await calibrationFigures(dir);
    const reliance = relianceFigures(dir, base);
    const figures = { date: new Date().toISOString(), ...calibration, ...reliance };
    const observation = Number(calibration.observationSeconds);
    console.log(`the nightly's observation        ${observation} s (the reference)`);
    console.log(`calibration from its profile     ${calibration.calibrationMsMedian} ms, median of 20`);
    console.log(
      `fidelity run (observe + compare) ${calibration.fidelityRunSeconds} s, ${round(Number(calibration.fidelityRunSeconds) / observation, 2)}x the observation (compare ${calibration.fidelityCompareMs} ms)`,
    );
    console.log(`  ${String(calibration.fidelity)}`);
    console.log(
      `reliance check, ${FACTS} facts, ${NIGHTS} nights of history: ${reliance.relianceCheckMs} ms vs ${reliance.relianceReadMs} ms to read the contract and profile`,
    );
    console.log(`  ${String(reliance.relianceCounts)}`);
    mkdirSync('reports/bench', { recursive: true });
    writeFileSync('reports/bench/reliance.json', `${JSON.stringify(figures, null, 2)}\n`);
    console.log('written reports/bench/reliance.json');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
