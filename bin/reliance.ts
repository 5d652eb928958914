// classifieds-conformance reliance --client-id ID --journal FILE [--out FILE] [--double PROFILE]
//   what one client relied on, from the sandbox's journal: a contract file (one fact a line).
// classifieds-conformance reliance check --contract FILE --observed PROFILE [--history PROFILE...]
//   [--junit FILE] [--allure-results DIR] [--accept-unverified]: each fact against tonight's
//   observation of the marketplace: holds, broken (since which night, what to do) or unverified
//   (what the nightly would need to observe). Exit status: 0 every fact holds, 1 a fact broken,
//   3 facts unverified (0 with --accept-unverified), 2 a bad command line or a file that cannot be
//   read. (report-card/reliance/, docs/calibration-and-reliance.md)
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { escapeControls } from '../spec/output-text.js';
import type { CatalogNode, CatalogSnapshot } from '../helpers/profile/catalog-tree.js';
import { readProfile, type Profile } from '../helpers/profile/profile.js';
import { checkContract, countsLine, exitStatusOf, verdictText } from '../report-card/reliance/check.js';
import { CONTRACT_LIMITS, contractText, parseContract } from '../report-card/reliance/contract.js';
import { relianceFacts } from '../report-card/reliance/derive.js';
import { relianceJunit } from '../report-card/reliance/junit.js';
import { relianceTests, writeFactTests } from '../report-card/reliance/allure.js';
import { readJournalFile } from '../report-card/source.js';
import { referenceChoices } from '../sandbox/calibrate/calibrate.js';
import { loadCatalogs, type Catalog } from '../sandbox/catalogs/data.js';

const USAGE = `Usage: classifieds-conformance reliance --client-id ID --journal FILE [--out FILE] [--double PROFILE]
       classifieds-conformance reliance check --contract FILE --observed PROFILE [--history PROFILE...] [--junit FILE] [--allure-results DIR] [--accept-unverified]
Exit status of check: 0 every fact holds, 1 a fact broken, 3 facts unverified tonight (0 with --accept-unverified), 2 a bad command line or an unreadable file.`;

type IdMap = Readonly<Record<string, number>>;

/** Entries by name, each node made from its id. */
function entries(map: IdMap | undefined, below: (id: number) => CatalogNode): Record<string, CatalogNode> {
  return Object.fromEntries(Object.entries(map ?? {}).map(([name, id]) => [name, below(id)]));
}

/** A vehicle catalog of the sandbox's data as a snapshot chain (brands, models, versions). */
function chainOf(catalog: Catalog, root: string): CatalogNode {
  const model =
    (brand: number) =>
    (id: number): CatalogNode => ({
      id,
      children: entries(catalog.versionMap(brand, id), (version) => ({ id: version })),
    });
  const brand = (id: number): CatalogNode => ({ id, children: entries(catalog.modelMap(id), model(id)) });
  return { id: root, children: entries(catalog.brandMap(), brand) };
}

/** The reference sandbox's catalog, the names a client's ids stood for when no --double is given. */
function sandboxCatalog(): CatalogSnapshot {
  const catalogs = loadCatalogs();
  return {
    car: chainOf(catalogs.cars, 'car_info'),
    motorcycle: chainOf(catalogs.motorcycles, 'moto_info'),
    cellphone: chainOf(catalogs.cellphones, 'cellphone_info'),
  };
}

async function derive(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'client-id': { type: 'string' },
      journal: { type: 'string' },
      out: { type: 'string' },
      double: { type: 'string' },
    },
  });
  const clientId = values['client-id'];
  if (clientId === undefined || values.journal === undefined) return usage();
  let double: Profile | undefined;
  if (values.double !== undefined) {
    const read = readProfile(values.double);
    if ('problem' in read) return refuse(read.problem);
    double = read.profile;
  }
  let records;
  try {
    records = (await readJournalFile(values.journal, clientId, {})).records;
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
  const facts = relianceFacts(records, {
    catalog: double?.catalog ?? null,
    fallbackCatalog: sandboxCatalog(),
    deliveryFormat: (double?.areas ?? referenceChoices()).deliveries ?? {},
  });
  const text = contractText(clientId, facts);
  if (values.out === undefined) process.stdout.write(text.split('\n').map(escapeControls).join('\n'));
  else {
    mkdirSync(dirname(resolve(values.out)), { recursive: true });
    writeFileSync(values.out, text);
    console.log(
      `reliance: ${text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length} facts of client ${clientId} from ${records.length} records: ${values.out}`,
    );
  }
  return records.length === 0 ? refuse(`no record of client ${clientId} in ${values.journal}`) : 0;
}

function check(args: string[]): number {
  const { values } = parseArgs({
    args,
    options: {
      contract: { type: 'string' },
      observed: { type: 'string' },
      history: { type: 'string', multiple: true, default: [] },
      junit: { type: 'string' },
      'allure-results': { type: 'string' },
      'accept-unverified': { type: 'boolean', default: false },
    },
  });
  if (values.contract === undefined || values.observed === undefined) return usage();
  let text: string;
  try {
    if (statSync(values.contract).size > CONTRACT_LIMITS.bytes)
      return refuse(`${values.contract}: it is over ${CONTRACT_LIMITS.bytes} bytes`);
    text = readFileSync(values.contract, 'utf8');
  } catch {
    return refuse(`${values.contract} cannot be read`);
  }
  const contract = parseContract(text);
  if ('problem' in contract) return refuse(`${values.contract}: ${contract.problem}`);
  const tonight = readProfile(values.observed);
  if ('problem' in tonight) return refuse(tonight.problem);
  const earlier: Profile[] = [];
  for (const file of values.history) {
    const read = readProfile(file, tonight.profile.target);
    if ('problem' in read) return refuse(read.problem);
    earlier.push(read.profile);
  }
  const verdicts = checkContract(contract.facts, tonight.profile, earlier);
  // Each line through the one sanitiser: the facts' text came from a marketplace and a journal.
  for (const verdict of verdicts)
    console.log(verdictText(verdict).split('\n').map(escapeControls).join('\n'));
  console.log(countsLine(verdicts));
  if (values.junit !== undefined) {
    mkdirSync(dirname(resolve(values.junit)), { recursive: true });
    writeFileSync(values.junit, relianceJunit(values.contract, verdicts));
  }
  const allure = values['allure-results'];
  // The contract's own suite in the report: `reliance <its file's name>`.
  if (allure !== undefined)
    writeFactTests(
      resolve(allure),
      `reliance ${basename(values.contract, extname(values.contract))}`,
      'reliance',
      relianceTests(verdicts),
    );
  return exitStatusOf(verdicts, values['accept-unverified']);
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

function refuse(problem: string): number {
  console.error(`reliance: ${problem}`);
  return 2;
}

/** The command, every failure one line and exit 2: a bad option, a file that breaks a reader. */
async function main(args: string[]): Promise<number> {
  try {
    return args[0] === 'check' ? check(args.slice(1)) : await derive(args);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const options = (error as { code?: unknown }).code;
    if (typeof options === 'string' && options.startsWith('ERR_PARSE_ARGS')) {
      console.error(`reliance: ${message.split('\n')[0] ?? ''}`);
      return usage();
    }
    return refuse(`cannot go on: ${(message.split('\n')[0] ?? '').slice(0, 300)}`);
  }
}

void main(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});
