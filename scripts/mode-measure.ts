// `npm run requirements -- --measure [--slow]`: runs the conformance project against the embedded
// sandbox once per mode, and keeps what each run checked (scripts/mode-coverage.json, the README's
// table). Rerun it after any change to a test or a skip: the numbers are measured, never written.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { HELPER_STATUS_CHANGE_COMMAND, secondUserAds, startAccount } from '../embedded/account.js';
import { runSuite } from '../embedded/run-suite.js';
import { mixedAds } from '../helpers/clients/mixed-ads.js';
import { COVERAGE_FILE, testRecords, type CoverageFile, type ModeRecord } from './mode-coverage.js';
import { README_END, README_START, readmeSection } from './mode-table.js';
import type { JsonReport } from './lib.js';

const README = resolve(__dirname, '../docs/mode-coverage.md');
/** The whole conformance project, twice on a loaded two-core machine; eleven minutes more when slow. */
const RUN_TIMEOUT_MS = 30 * 60_000;

/** One run of the suite, told `env`; its tests as the JSON report has them. */
async function measuredRun(env: Record<string, string>, slow: boolean): Promise<ModeRecord['tests']> {
  const reportsDir = mkdtempSync(join(tmpdir(), 'mode-coverage-'));
  try {
    await runSuite({
      env: { ...env, CONFORMANCE_SLOW: slow ? '1' : '' },
      projects: slow ? ['slow', 'conformance'] : ['conformance'],
      workers: 2,
      reportsDir,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    const report = JSON.parse(readFileSync(join(reportsDir, 'results.json'), 'utf8')) as JsonReport;
    return testRecords(report);
  } finally {
    rmSync(reportsDir, { recursive: true, force: true });
  }
}

async function helpersMode(): Promise<ModeRecord> {
  console.log('measuring helpers mode: the embedded sandbox with its control key ...');
  return { told: 'SANDBOX_CONTROL_KEY', slow: false, tests: await measuredRun({}, false) };
}

async function accountMode(slow: boolean): Promise<ModeRecord> {
  console.log(`measuring account mode${slow ? ' with the slow project (eleven minutes)' : ''} ...`);
  // As many ads as the listing's crawl test seeds: more than two pages at the largest fetch_size.
  // With the status-change command, the delivery tests and the model run too.
  const account = await startAccount([], {
    ads: mixedAds(450),
    ads2: secondUserAds(40),
    statusChangeCommand: HELPER_STATUS_CHANGE_COMMAND,
  });
  try {
    const tests = await measuredRun(account.env, slow);
    return { told: Object.keys(account.env).sort().join(' '), slow, tests };
  } finally {
    await account.close();
  }
}

function commit(): string {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' });
  return dirty.trim() === '' ? head : `${head} + uncommitted changes`;
}

/** Puts the section between the README's markers, which must be there already. */
function updateReadme(section: string): void {
  const text = readFileSync(README, 'utf8');
  const [start, end] = [text.indexOf(README_START), text.indexOf(README_END)];
  if (start < 0 || end < start)
    throw new Error(`README.md lacks the markers ${README_START} ... ${README_END}`);
  writeFileSync(README, text.slice(0, start) + section + text.slice(end + README_END.length));
}

export async function measureModes(slow: boolean): Promise<CoverageFile> {
  const file: CoverageFile = {
    measured: new Date().toISOString().slice(0, 10),
    commit: commit(),
    modes: { helpers: await helpersMode(), account: await accountMode(slow) },
  };
  writeFileSync(COVERAGE_FILE, await formatted(JSON.stringify(file), COVERAGE_FILE));
  updateReadme((await formatted(readmeSection(file), README)).trimEnd());
  return file;
}

/** Text as `npx prettier --check` wants it in that file. */
async function formatted(text: string, filepath: string): Promise<string> {
  return format(text, { ...(await resolveConfig(filepath)), filepath });
}
