// The sandbox on its own (`npm run sandbox`, through main.ts, which gives the process its settings):
// fixed ports, prints what a user needs to point the suite at it.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { secretMarker } from '../spec/secret-marker.js';
import { parseFaults } from './faults.js';
import { controlKeyRefusal } from './test-helpers/control-key.js';
import { parseVariants } from './variants.js';
import { applySeed, readSeed } from './seed.js';
import { startSandbox, type StartedSandbox } from './start.js';
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

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    authPort: options.SANDBOX_AUTH_PORT,
    appsPort: options.SANDBOX_APPS_PORT,
    controlKey,
    faults: parseFaults(options.SANDBOX_FAULTS),
    variants: parseVariants(options.SANDBOX_VARIANTS),
    tlsDir,
    logRequests: options.SANDBOX_LOG,
    secretPrefix,
  });
  const seedFile = options.SANDBOX_SEED_FILE;
  if (seedFile !== undefined) {
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
  return `Classifieds sandbox running${sandbox.faults.length > 0 ? ` with faults: ${sandbox.faults.join(', ')}` : ''}
  authorization server  ${sandbox.authUrl}   (HTTPS, CA: ${sandbox.caFile})
  resource server       ${sandbox.appsUrl}
  test helpers          ${sandbox.controlUrl}${TEST_HELPERS_PREFIX}   key: ${controlKey}`;
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
  const runCommand = options.CONFORMANCE_RUN_COMMAND;
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
