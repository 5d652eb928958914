// One run of the reference client (examples/client/) against a sandbox started by the package's
// command, graded by the report card from the sandbox's journal.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWithBrowser, type HarnessOptions } from '../../examples/client/test/harness.js';
import type { RunReport } from '../../examples/client/src/run.js';
import { cardLines, countsText, type CardLine } from '../../report-card/card-lines.js';
import { consoleSummary } from '../../report-card/console-summary.js';
import { gradeClient, type ReportCard } from '../../report-card/grade.js';
import { fetchJournal } from '../../report-card/source.js';
import { chromiumPath } from '../../helpers/target/chromium.js';
import { loadCatalogs } from '../../sandbox/catalogs/data.js';
import { registerClientAndUser, type ClientSandbox } from './client-sandbox.js';

export interface GradedRun {
  clientId: string;
  /** The client's own account of its run, or the error that ended it. */
  outcome: RunReport | Error;
  card: ReportCard;
  lines: CardLine[];
  summary: string;
  seconds: number;
}

/**
 * The catalog ids "an earlier run" kept: the original numbering of the car the sample ads name, so
 * that under catalog-renumber the first import is refused and the client must refresh them.
 */
function keptCatalog(dir: string): string {
  const cars = loadCatalogs().cars;
  const brand = cars.brandMap().Chevrolet ?? 0;
  const model = cars.modelMap(brand)?.Onix ?? 0;
  const version = cars.versionMap(brand, model)?.['1.0 LT Flex 12V Mec.'] ?? 0;
  const file = join(dir, 'catalog.json');
  const kept = {
    Chevrolet: brand,
    'Chevrolet/Onix': model,
    'Chevrolet/Onix/1.0 LT Flex 12V Mec.': version,
  };
  writeFileSync(file, JSON.stringify({ cars: kept, refused: [] }));
  return file;
}

/** Registers a client and a user, runs the client with the consent in Chromium, grades it. */
export async function gradedRun(
  sandbox: ClientSandbox,
  options: Pick<HarnessOptions, 'mistakes' | 'adCount' | 'fetchSize'> = {},
): Promise<GradedRun> {
  const { client, user } = await registerClientAndUser(sandbox);
  const dir = mkdtempSync(join(tmpdir(), 'reference-client-run-'));
  const since = new Date().toISOString();
  const started = Date.now();
  let outcome: RunReport | Error;
  try {
    outcome = await runWithBrowser({
      authUrl: sandbox.authUrl,
      appsUrl: sandbox.appsUrl,
      caFile: sandbox.caFile,
      client,
      user,
      chromiumPath: chromiumPath(),
      catalogFile: keptCatalog(dir),
      ...options,
    });
  } catch (error) {
    outcome = error instanceof Error ? error : new Error(String(error));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  const read = await fetchJournal(sandbox.controlUrl, sandbox.key, client.client_id, { since });
  const card = gradeClient(client.client_id, read.records, { dropped: read.dropped, since });
  const lines = cardLines(card);
  return { clientId: client.client_id, outcome, card, lines, summary: consoleSummary(card, lines), seconds };
}

/** The card's lines that are neither passed nor not exercised (an advisory warning among them). */
export function linesAmiss(run: GradedRun): CardLine[] {
  return run.lines.filter((line) => line.standing !== 'passed' && line.standing !== 'not exercised');
}

/** One line for the test's output: the verdict, the counts and the time. */
export function runLine(label: string, run: GradedRun): string {
  const amiss = linesAmiss(run);
  const verdict = amiss.length === 0 ? 'OK' : `AMISS ${amiss.map((line) => line.id).join(', ')}`;
  const ended = run.outcome instanceof Error ? `; the client stopped: ${run.outcome.message}` : '';
  const passed = run.lines.filter((line) => line.standing === 'passed').map((line) => line.id);
  return `${label}: ${verdict}; ${countsText(run.lines)}; ${run.seconds.toFixed(1)} s${ended}; passed ${passed.join(' ')}`;
}
