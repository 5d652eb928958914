// The sandbox on its own (`npm run sandbox`, through main.ts, which gives the process its settings):
// fixed ports, its state kept in a data folder (service/options.ts), prints what a user needs to
// point the suite at it, and stops on a signal or when the process that started it is gone.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { secretMarker } from '../spec/secret-marker.js';
import { parseFaults } from './faults.js';
import { describeDeliveryPolicy } from './notifications/delivery-settings.js';
import { DataFileError } from './persist/data-file.js';
import { restoreLastGood } from './persist/last-good.js';
import { keepRecord, keptRecord } from './state/kept-stores.js';
import { parseServiceArgv, type ServiceOptions } from './service/options.js';
import { onStop } from './service/process-tree.js';
import { folderMadeByStart, portInUseLine, removeFolderMadeByStart } from './service/start-failure.js';
import { keptControlKey, newControlKey, writeControlReach } from './service/control-key.js';
import { CATALOGUES } from './rule-switches.js';
import { controlKeyRefusal } from './test-helpers/control-key.js';
import { parseVariants } from './variants.js';
import { applySeed, readSeed } from './seed.js';
import { startSandbox, type StartedSandbox } from './start.js';
import { chaosAtStart } from './chaos/start-up.js';
import { calibrationFromFile, calibrationReport } from './calibrate/switch.js';
import { escapeControls } from '../spec/output-text.js';
import type { Calibration } from './calibrate/calibrate.js';
import { environment, settings } from '../config/environment.js';

const DEMO_REDIRECT_URI = 'http://127.0.0.1:8765/callback';
/** The integrator page's step that trusts the CA (its troubleshooting names the errors). */
const CA_STEP = 'docs/integrator.md#2-where-it-is-second-shell';

// The key as given, blank included: an empty key is refused, not replaced.
const givenKey = environment().SANDBOX_CONTROL_KEY;
const options = settings();
const keyRefusal = controlKeyRefusal(givenKey);
if (keyRefusal !== null) {
  console.error(keyRefusal);
  process.exit(1);
}

const secretPrefix = secretMarker(environment());
/** The key in force: SANDBOX_CONTROL_KEY, else the data folder's kept one (service/control-key.ts). */
let controlKey = '';
/** The data folder this start makes (it did not exist): removed if the start is refused. */
let newDataDir: string | undefined;

/**
 * How long a stop may take before the process exits anyway (its queued changes written first):
 * connections still open are closed after a second (start.ts), so only a stuck delivery or
 * journal can reach it.
 */
const STOP_GRACE_MS = 5000;

/**
 * SANDBOX_LIKE: the calibration from that profile, read before the start (a file that is not a
 * profile stops it); what it took and could not is printed and written once the sandbox listens,
 * so that a refused start claims no calibration.
 */
function likeOf(profile: string | undefined): Calibration | undefined {
  return profile === undefined ? undefined : calibrationFromFile(profile);
}

function reportLike(like: Calibration | undefined, profile: string | undefined, reportsDir: string): void {
  if (like === undefined || profile === undefined) return;
  // The observation's text (catalog names, keys, its target) is written from a marketplace's
  // answers: shown as written, never as a terminal's escapes or a line of its own.
  for (const line of calibrationReport(like, profile, join(reportsDir, 'calibration.json')))
    console.log(escapeControls(line));
}

async function main(service: ServiceOptions): Promise<void> {
  const { dataDir } = service;
  newDataDir = folderMadeByStart(dataDir);
  if (service.restore && dataDir !== undefined) console.error(restoreLastGood(dataDir));
  controlKey =
    givenKey ?? (dataDir === undefined ? newControlKey(secretPrefix) : keptControlKey(dataDir, secretPrefix));
  // The CA beside the state it is kept with; SANDBOX_TLS_DIR (or its default) without a data folder.
  const tlsDir = resolve(environment().SANDBOX_TLS_DIR ?? dataDir ?? options.SANDBOX_TLS_DIR);
  mkdirSync(tlsDir, { recursive: true });
  const like = likeOf(options.SANDBOX_LIKE);
  const sandbox = await startSandbox({
    host: service.host,
    dataDir: service.dataDir,
    fresh: service.fresh,
    authPort: options.SANDBOX_AUTH_PORT,
    appsPort: options.SANDBOX_APPS_PORT,
    appsHttps: options.SANDBOX_APPS_HTTPS,
    controlKey,
    faults: parseFaults(options.SANDBOX_FAULTS),
    variants: parseVariants(options.SANDBOX_VARIANTS),
    tlsDir,
    logRequests: options.SANDBOX_LOG,
    secretPrefix,
    ...(like === undefined ? {} : { like }),
  });
  newDataDir = undefined;
  reportLike(like, options.SANDBOX_LIKE, options.REPORTS_DIR);
  const { controlUrl, authUrl, appsUrl, caFile } = sandbox;
  if (dataDir !== undefined)
    writeControlReach(dataDir, { controlUrl, key: controlKey, authUrl, appsUrl, caFile });
  const seedFile = options.SANDBOX_SEED_FILE;
  if (seedFile !== undefined) {
    const seed = readSeed(seedFile);
    applySeed(sandbox.state, seed);
    // Chaos on the seeded account's clients unless others are named.
    const chaosLine = startChaos(
      sandbox,
      seed.clients.map((client) => client.client_id),
    );
    if (chaosLine !== undefined)
      console.log(`${banner(sandbox, service, chaosLine)}\n  seeded from           ${seedFile}`);
  } else printDemo(sandbox, service);

  onStop(() => {
    setTimeout(() => {
      // Past the grace, what is queued is still written before the exit.
      sandbox.persistence?.close();
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    void sandbox.close().then(() => process.exit(0));
  });
}

function startFailure(error: unknown): void {
  removeFolderMadeByStart(newDataDir);
  // A data file that cannot be used, a port in use, an unknown switch: one line, no stack.
  const port = portInUseLine(error, options);
  const known = error instanceof DataFileError || (error instanceof Error && 'code' in error);
  console.error(`sandbox: ${port ?? (known ? error.message : String(error))}`);
  if (!known && error instanceof Error) console.error(error.stack);
  // An input file refused (a damaged data file, an observation that is no profile): 2; a folder in use, a port taken: 1.
  const refusedInput = error instanceof Error && 'code' in error && error.code === 'LIKE';
  process.exit(error instanceof DataFileError ? error.exitCode : refusedInput ? 2 : 1);
}

try {
  void main(parseServiceArgv(process.argv.slice(2))).catch(startFailure);
} catch (error) {
  startFailure(error);
}

function banner(sandbox: StartedSandbox, service: ServiceOptions, chaosLine: string | null): string {
  const views = sandbox.switches.on();
  const on = views.filter((view) => view.kind !== 'setting').map((view) => view.name);
  const settings = views.filter((view) => view.kind === 'setting').map((view) => view.name);
  return `Classifieds sandbox running
  authorization server  ${sandbox.authUrl}   (HTTPS, CA: ${sandbox.caFile})
  resource server       ${sandbox.appsUrl}${sandbox.appsUrl.startsWith('https:') ? '   (HTTPS, the same CA)' : ''}
  your client trusts    that CA: TLS_CA_FILE, or curl's CURL_CA_BUNDLE; a certificate error without it:
                        ${CA_STEP}
  test helpers          ${sandbox.controlUrl}${TEST_HELPERS_PREFIX}   key: ${controlKey}${keyLine(service)}
  faults, variants on   ${on.length > 0 ? on.join(', ') : 'none (the reference)'}
  settings              ${settings.join(', ')}
  switches              ${sandbox.switches.names().length}, changed while it runs: classifieds-conformance switches, switch NAME on|off|VALUE
                        catalogues ${CATALOGUES.fault}, ${CATALOGUES.variant}
  AD_STATUS deliveries  ${describeDeliveryPolicy(sandbox.state.deliverer.settings.current)}
                        (settings delivery-*: docs/sandbox-deliveries.md)
  state                 ${service.dataDir === undefined ? 'in memory only (--in-memory)' : `kept in ${service.dataDir}${service.fresh ? ' (started fresh)' : ''}`}${chaosLine === null ? '' : `\n${chaosLine}`}`;
}

/** Where the key is kept, and the command that changes it (docs/sandbox-service.md). */
function keyLine(service: ServiceOptions): string {
  if (givenKey !== undefined) return '\n                        (SANDBOX_CONTROL_KEY)';
  if (service.dataDir === undefined) return '\n                        (new at every start: --in-memory)';
  return `\n                        (kept in ${service.dataDir}/control-key; a new one: classifieds-conformance sandbox --new-key)`;
}

/**
 * Chaos asked at start (chaos/start-up.ts), on the given clients unless clients are named; a bad
 * value stops the start (undefined: nothing more is printed).
 */
function startChaos(sandbox: StartedSandbox, clients: readonly string[]): string | null | undefined {
  try {
    return chaosAtStart(sandbox.state.chaos, environment(), clients);
  } catch (error) {
    console.error((error as Error).message);
    void sandbox.close().then(() => process.exit(2));
    return undefined;
  }
}

interface DemoAccount {
  clientId: string;
  secret: string;
  login: string;
  password: string;
}

/** The demo client and user: those of the data folder when it keeps them, else made now (and kept). */
function demoAccount(sandbox: StartedSandbox): DemoAccount {
  const kept = keptRecord(sandbox.persistence, 'demo') as DemoAccount | undefined;
  const { clients, users } = sandbox.state;
  if (
    kept !== undefined &&
    clients.authenticate(kept.clientId, kept.secret) &&
    users.verify(kept.login, kept.password)
  )
    return kept;
  const client = clients.register([DEMO_REDIRECT_URI], 'Demo integrator');
  const user = users.create({ login: 'demo', name: 'Demo User', email: 'demo@sandbox.example' });
  const made = {
    clientId: client.client.clientId,
    secret: client.secret,
    login: user.login,
    password: user.password,
  };
  keepRecord(sandbox.persistence, 'demo', made);
  return made;
}

/** The demo client and user, and the variables of helpers mode. */
function printDemo(sandbox: StartedSandbox, service: ServiceOptions): void {
  const demo = demoAccount(sandbox);
  // The package's command says how it is run from a team's repository (bin/sandbox.ts).
  const runCommand = options.CONFORMANCE_RUN_COMMAND;
  const chaosLine = startChaos(sandbox, [demo.clientId]);
  if (chaosLine === undefined) return;
  console.log(`${banner(sandbox, service, chaosLine)}
  demo client           ${demo.clientId} / ${demo.secret}   redirect URI ${DEMO_REDIRECT_URI}
  demo user             ${demo.login} / ${demo.password}

To run the suite against it, in another shell:
export TARGET_AUTH_URL=${sandbox.authUrl}
export TARGET_APPS_URL=${sandbox.appsUrl}
export SANDBOX_CONTROL_URL=${sandbox.controlUrl}
export SANDBOX_CONTROL_KEY=${controlKey}
export TLS_CA_FILE=${sandbox.caFile}
${runCommand}`);
}
