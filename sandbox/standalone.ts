// The sandbox on its own (`npm run sandbox`, through main.ts, which gives the process its settings):
// fixed ports, prints what a user needs to point the suite at it.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { secretMarker } from '../spec/secret-marker.js';
import { parseFaults } from './faults.js';
import { CATALOGUES } from './rule-switches.js';
import { controlKeyRefusal } from './test-helpers/control-key.js';
import { parseVariants } from './variants.js';
import { applySeed, readSeed } from './seed.js';
import { startSandbox, type StartedSandbox } from './start.js';

const DEMO_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

const keyRefusal = controlKeyRefusal(process.env.SANDBOX_CONTROL_KEY);
if (keyRefusal !== null) {
  console.error(keyRefusal);
  process.exit(1);
}

// SANDBOX_TLS_DIR: bin/sandbox.ts keeps the rehearsal's CA out of reports/, which a run may clear.
const tlsDir = resolve(process.env.SANDBOX_TLS_DIR?.trim() || 'reports/sandbox-tls');
mkdirSync(tlsDir, { recursive: true });
const secretPrefix = secretMarker();
const controlKey =
  process.env.SANDBOX_CONTROL_KEY ?? `${secretPrefix}${randomBytes(18).toString('base64url')}`;

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    authPort: Number(process.env.SANDBOX_AUTH_PORT ?? 8443),
    appsPort: Number(process.env.SANDBOX_APPS_PORT ?? 8080),
    controlKey,
    faults: parseFaults(process.env.SANDBOX_FAULTS),
    variants: parseVariants(process.env.SANDBOX_VARIANTS),
    tlsDir,
    logRequests: process.env.SANDBOX_LOG === '1',
    secretPrefix,
  });
  const seedFile = process.env.SANDBOX_SEED_FILE?.trim();
  if (seedFile) {
    applySeed(sandbox.state, readSeed(seedFile));
    console.log(`${banner(sandbox)}\n  seeded from           ${seedFile}`);
  } else printDemo(sandbox);

  // A Ctrl-C reaches this process twice (from the terminal, and passed on by main.ts's parent): once closes.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void sandbox.close().then(() => process.exit(0));
    });
  }
}

void main();

function banner(sandbox: StartedSandbox): string {
  const on = sandbox.switches
    .on()
    .map((view) => (view.kind === 'setting' ? `${view.name}=${JSON.stringify(view.value)}` : view.name));
  return `Classifieds sandbox running
  authorization server  ${sandbox.authUrl}   (HTTPS, CA: ${sandbox.caFile})
  resource server       ${sandbox.appsUrl}
  test helpers          ${sandbox.controlUrl}${TEST_HELPERS_PREFIX}   key: ${controlKey}
  switches on           ${on.length > 0 ? on.join(', ') : 'none (the reference)'}
  switches              ${sandbox.switches.names().length}, changed while it runs: classifieds-conformance switches, switch NAME on|off
                        catalogues ${CATALOGUES.fault}, ${CATALOGUES.variant}`;
}

/** A demo client and user made afresh, and the variables of helpers mode. */
function printDemo(sandbox: StartedSandbox): void {
  const demo = sandbox.state.clients.register([DEMO_REDIRECT_URI], 'Demo integrator');
  const user = sandbox.state.users.create({
    login: 'demo',
    name: 'Demo User',
    email: 'demo@sandbox.example',
  });
  // The package's command says how it is run from a team's repository (bin/sandbox.ts).
  const runCommand = process.env.CONFORMANCE_RUN_COMMAND ?? 'npm run conformance';
  console.log(`${banner(sandbox)}
  demo client           ${demo.client.clientId} / ${demo.secret}   redirect URI ${DEMO_REDIRECT_URI}
  demo user             ${user.login} / ${user.password}

To run the suite against it, in another shell:
export TARGET_AUTH_URL=${sandbox.authUrl}
export TARGET_APPS_URL=${sandbox.appsUrl}
export SANDBOX_CONTROL_URL=${sandbox.controlUrl}
export SANDBOX_CONTROL_KEY=${controlKey}
export TLS_CA_FILE=${sandbox.caFile}
${runCommand}`);
}
