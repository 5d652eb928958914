// The sandbox on its own (`npm run sandbox`, through main.ts, which gives the process its settings):
// fixed ports, its state kept in a data folder (service/options.ts), prints what a user needs to
// point the suite at it, and stops on a signal or when the process that started it is gone.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { secretMarker } from '../spec/secret-marker.js';
import { parseFaults } from './faults.js';
import { describeDeliveryPolicy } from './notifications/delivery-settings.js';
import { DataFileError } from './persist/data-file.js';
import { keepRecord, keptRecord } from './state/kept-stores.js';
import { parseServiceArgv, type ServiceOptions } from './service/options.js';
import { onStop } from './service/process-tree.js';
import { CATALOGUES } from './rule-switches.js';
import { controlKeyRefusal } from './test-helpers/control-key.js';
import { parseVariants } from './variants.js';
import { applySeed, readSeed } from './seed.js';
import { startSandbox, type StartedSandbox } from './start.js';
import { chaosAtStart } from './chaos/start-up.js';
import { calibrationFromFile, calibrationReport } from './calibrate/switch.js';
import { environment, settings } from '../config/environment.js';

const DEMO_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

// The key as given, blank included: an empty key is refused, not replaced.
const givenKey = environment().SANDBOX_CONTROL_KEY;
const options = settings();
const keyRefusal = controlKeyRefusal(givenKey);
if (keyRefusal !== null) {
  console.error(keyRefusal);
  process.exit(1);
}

// SANDBOX_TLS_DIR: bin/sandbox.ts keeps the rehearsal's CA out of reports/, which a run may clear.
const tlsDir = resolve(options.SANDBOX_TLS_DIR);
mkdirSync(tlsDir, { recursive: true });
const secretPrefix = secretMarker(environment());
const controlKey = givenKey ?? `${secretPrefix}${randomBytes(18).toString('base64url')}`;

/** How long a stop may take (closing connections, writing the last changes) before the process exits anyway. */
const STOP_GRACE_MS = 5000;

async function main(service: ServiceOptions): Promise<void> {
  const like = options.SANDBOX_LIKE === undefined ? undefined : calibrationFromFile(options.SANDBOX_LIKE);
  const sandbox = await startSandbox({
    host: service.host,
    dataDir: service.dataDir,
    fresh: service.fresh,
    authPort: options.SANDBOX_AUTH_PORT,
    appsPort: options.SANDBOX_APPS_PORT,
    controlKey,
    faults: parseFaults(options.SANDBOX_FAULTS),
    variants: parseVariants(options.SANDBOX_VARIANTS),
    tlsDir,
    logRequests: options.SANDBOX_LOG,
    secretPrefix,
    ...(like === undefined ? {} : { like }),
  });
  if (like !== undefined && options.SANDBOX_LIKE !== undefined)
    for (const line of calibrationReport(
      like,
      options.SANDBOX_LIKE,
      join(options.REPORTS_DIR, 'calibration.json'),
    ))
      console.log(line);
  const seedFile = options.SANDBOX_SEED_FILE;
  if (seedFile !== undefined) {
    applySeed(sandbox.state, readSeed(seedFile));
    console.log(
      `${banner(sandbox, service, startChaos(sandbox, null))}\n  seeded from           ${seedFile}`,
    );
  } else printDemo(sandbox, service);

  onStop(() => {
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
    void sandbox.close().then(() => process.exit(0));
  });
}

function startFailure(error: unknown): void {
  // A data file that cannot be used, a port in use, an unknown switch: one line, no stack.
  const known = error instanceof DataFileError || (error instanceof Error && 'code' in error);
  console.error(`sandbox: ${known ? error.message : String(error)}`);
  if (!known && error instanceof Error) console.error(error.stack);
  process.exit(1);
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
  resource server       ${sandbox.appsUrl}
  test helpers          ${sandbox.controlUrl}${TEST_HELPERS_PREFIX}   key: ${controlKey}
  faults, variants on   ${on.length > 0 ? on.join(', ') : 'none (the reference)'}
  settings              ${settings.join(', ')}
  switches              ${sandbox.switches.names().length}, changed while it runs: classifieds-conformance switches, switch NAME on|off|VALUE
                        catalogues ${CATALOGUES.fault}, ${CATALOGUES.variant}
  AD_STATUS deliveries  ${describeDeliveryPolicy(sandbox.state.deliverer.settings.current)}
                        (settings delivery-*: docs/sandbox-deliveries.md)
  state                 ${service.dataDir === undefined ? 'in memory only (--in-memory)' : `kept in ${service.dataDir}${service.fresh ? ' (started fresh)' : ''}`}${chaosLine === null ? '' : `\n${chaosLine}`}`;
}

/** Chaos asked at start (chaos/start-up.ts), on the demo client unless clients are named; a bad value stops the start. */
function startChaos(sandbox: StartedSandbox, demoClient: string | null): string | null {
  try {
    return chaosAtStart(sandbox.state.chaos, environment(), demoClient === null ? null : [demoClient]);
  } catch (error) {
    console.error((error as Error).message);
    void sandbox.close().then(() => process.exit(2));
    return null;
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
  const chaosLine = startChaos(sandbox, demo.clientId);
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
