// `classifieds-conformance sandbox [--account]`: the standalone sandbox (sandbox/main.ts). With
// --account, a rehearsal account for account mode: the same clients, users and ads on every start
// (from a state file, bin/sandbox-account.ts), and the `.env` block that points the suite at it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SANDBOX_NODE_FLAGS } from '../sandbox/process-settings.js';
import { readObservedProfile } from '../sandbox/calibrate/observed.js';
import {
  ACCOUNT_TLS_DIR,
  SERVICE_HELP,
  SERVICE_SWITCHES,
  serviceArgv,
  serviceOptionsOf,
  type ServiceOptions,
} from '../sandbox/service/options.js';
import { standFor } from '../sandbox/service/process-tree.js';
import { switchesHelp, switchNames } from '../sandbox/rule-switches.js';
import { PROFILE_NAMES } from '../sandbox/chaos/profiles.js';
import { CHAOS_HELP } from '../sandbox/chaos/start-up.js';
import { envBlock, loadAccount, type RunningUrls } from './sandbox-account.js';
import { keptControlKey } from '../sandbox/service/control-key.js';
import { secretMarker } from '../spec/secret-marker.js';
import { environment, childEnvironment } from '../config/environment.js';

const PACKAGE_ROOT = resolve(__dirname, '..');
export const DEFAULT_STATE_FILE = '.conformance/sandbox-account.json';

/** Names, comma-separated, wrapped under a heading at 100 columns. */
function wrapped(heading: string, names: readonly string[]): string {
  const lines = [heading];
  for (const name of names) {
    const last = lines.length - 1;
    const joined = `${lines[last]} ${name},`;
    if (joined.length <= 100) lines[last] = joined;
    else lines.push(`  ${name},`);
  }
  return lines.join('\n').replace(/,$/, '');
}

const HELP = () => `Usage: classifieds-conformance sandbox [--account] [--state <file>] [--ads <n>]
         [--host <address>] [--data <folder> | --in-memory] [--fresh] [--new-key]
         [--chaos NAME[,NAME]] [--seed N] [--chaos-clients ID[,ID]|all] [--apps-https]
         [--like <observed.json>]

The embedded reference sandbox on fixed ports (SANDBOX_AUTH_PORT, default 8443; SANDBOX_APPS_PORT,
default 8080). Without options it makes a demo client and user and prints the variables of helpers
mode. With --account it rehearses account mode: a client with three redirect URIs, a second client
and a second user, \`--ads\` ads (300 by default) for the first user, all kept in a state file
(default ${DEFAULT_STATE_FILE}) so that every start re-creates the same credentials; it prints the
.env block for \`npx classifieds-conformance run\` in account mode, status changes made through the
sandbox's ad import (the test helpers' command as the alternative). Delete the file for new ones.

The sandbox keeps its state (accounts, clients, users, ads, configurations, tokens and codes,
consents, the CA) across restarts in a SQLite file under its data folder (docs/sandbox-service.md),
and its control key in the folder's control-key file (mode 600, printed at every start; switch,
switches and client-report find the running sandbox there when SANDBOX_CONTROL_URL is unset);
a signal to this command stops it and every process under it.
${SERVICE_HELP}
  --new-key          replace the data folder's control key before starting

With --like, a double calibrated from an observation (a night's reports/observed.json): the
sandbox takes every observed choice it can reproduce (its catalogs, error statuses, token fields,
...) and lists in its banner and in reports/calibration.json each fact it could not; the same at
run time: calibrate --observed observed.json (docs/calibration-and-reliance.md).

With --chaos, seeded faults for the named clients (the demo client by default, the account's clients
with --account; \`all\` as an explicit choice), the seed printed (random unless --seed) and
recorded in the journal; ${CHAOS_HELP}.

With --apps-https the resource server and the test helpers answer over HTTPS too, with the
authorization server's certificate (trust the same CA file), for a client that insists on HTTPS
for every call.

${switchesHelp()}
${wrapped('Faults:', switchNames().faults)}
${wrapped('Variants:', switchNames().variants)}`;

interface Options {
  account: boolean;
  /** --new-key: the data folder's control key replaced before the start. */
  newKey: boolean;
  state: string;
  ads: number | undefined;
  service: ServiceOptions;
  /** SANDBOX_CHAOS, SANDBOX_CHAOS_SEED, SANDBOX_CHAOS_CLIENTS (chaos/start-up.ts), SANDBOX_APPS_HTTPS. */
  chaosEnv: Record<string, string>;
  /** SANDBOX_LIKE for the sandbox: the observed profile it is calibrated from. */
  likeEnv: Record<string, string>;
}

/** --chaos, --seed, --chaos-clients checked here, passed on as the sandbox's variables. */
function chaosEnv(values: {
  chaos?: string;
  seed?: string;
  'chaos-clients'?: string;
}): Record<string, string> {
  if (values.chaos === undefined) return {};
  const unknown = values.chaos.split(',').filter((name) => !PROFILE_NAMES.includes(name.trim()));
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (
    unknown.length > 0 ||
    (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31))
  ) {
    console.error(
      `--chaos takes ${PROFILE_NAMES.join(', ')} (comma-separated); --seed an integer from 0 to 2147483647`,
    );
    process.exit(2);
  }
  return {
    SANDBOX_CHAOS: values.chaos,
    ...(values.seed === undefined ? {} : { SANDBOX_CHAOS_SEED: values.seed }),
    ...(values['chaos-clients'] === undefined ? {} : { SANDBOX_CHAOS_CLIENTS: values['chaos-clients'] }),
  };
}

/**
 * SANDBOX_LIKE for the sandbox, the profile read first: a file that is not a profile (too large,
 * too deep, a null entry, a wrong type) is refused here in one line, exit 2, before any start.
 */
function likeEnv(like: string | undefined): Record<string, string> {
  if (like === undefined) return {};
  const read = readObservedProfile(resolve(like));
  if ('problem' in read) {
    console.error(`sandbox: --like: ${read.problem}`);
    process.exit(2);
  }
  return { SANDBOX_LIKE: resolve(like) };
}

function parseOptions(): Options {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      ...SERVICE_SWITCHES,
      account: { type: 'boolean', default: false },
      state: { type: 'string', default: DEFAULT_STATE_FILE },
      ads: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      chaos: { type: 'string' },
      seed: { type: 'string' },
      'chaos-clients': { type: 'string' },
      'new-key': { type: 'boolean', default: false },
      'apps-https': { type: 'boolean', default: false },
      like: { type: 'string' },
    },
  });
  if (values.help) {
    console.log(HELP());
    process.exit(0);
  }
  const ads = values.ads === undefined ? undefined : Number(values.ads);
  if (ads !== undefined && !(Number.isInteger(ads) && ads >= 0 && ads <= 200_000)) {
    console.error('--ads takes a whole number of ads from 0 to 200000');
    process.exit(2);
  }
  return {
    account: values.account,
    newKey: values['new-key'],
    state: resolve(values.state),
    ads,
    service: serviceOptionsOf(values),
    chaosEnv: { ...chaosEnv(values), ...(values['apps-https'] ? { SANDBOX_APPS_HTTPS: '1' } : {}) },
    likeEnv: likeEnv(values.like),
  };
}

/**
 * The sandbox with tsx's loader and its own Node flags (no re-execution), its standard output
 * piped; this process stands for it: signals passed on, its status this process's.
 */
function startSandbox(env: NodeJS.ProcessEnv, args: readonly string[]): ReturnType<typeof spawn> {
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const main = resolve(PACKAGE_ROOT, 'sandbox', 'main.ts');
  const child = spawn(process.execPath, [...SANDBOX_NODE_FLAGS, '--import', tsx, main, ...args], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env,
  });
  void standFor(child);
  return child;
}

/** The URLs and CA file of the sandbox's banner (sandbox/standalone.ts), once all are printed. */
function urlsOf(banner: string): RunningUrls | undefined {
  const auth = /authorization server\s+(\S+)\s+\(HTTPS, CA: (.+)\)/.exec(banner);
  const apps = /resource server\s+(\S+)/.exec(banner);
  if (auth?.[1] === undefined || auth[2] === undefined || apps?.[1] === undefined) return undefined;
  return { authUrl: auth[1], caFile: auth[2], appsUrl: apps[1] };
}

function main(): void {
  const options = parseOptions();
  const { dataDir } = options.service;
  if (options.newKey) {
    if (dataDir === undefined || options.account) {
      console.error(
        "--new-key replaces the data folder's key: not with --in-memory or --account (its key is in --state)",
      );
      process.exit(2);
    }
    keptControlKey(dataDir, secretMarker(environment()), true);
    console.log(
      `A new control key is kept in ${dataDir}/control-key; the one before is refused from now on.`,
    );
  }
  // Said by the demo printout of helpers mode: the command a team's repository has.
  const env = childEnvironment({
    ...options.chaosEnv,
    ...options.likeEnv,
    CONFORMANCE_RUN_COMMAND: 'npx classifieds-conformance run',
  });
  if (!options.account) {
    startSandbox(env, serviceArgv(options.service)).stdout?.pipe(process.stdout);
    return;
  }
  const account = loadAccount(options.state, options.ads);
  const child = startSandbox(
    {
      ...env,
      SANDBOX_SEED_FILE: options.state,
      SANDBOX_CONTROL_KEY: account.control_key,
      // The CA is kept in the data folder; with --in-memory, out of reports/, which a run may clear.
      SANDBOX_TLS_DIR: environment().SANDBOX_TLS_DIR ?? dataDir ?? resolve(ACCOUNT_TLS_DIR),
    },
    serviceArgv(options.service),
  );
  let banner = '';
  let printed = false;
  createInterface({ input: child.stdout ?? process.stdin }).on('line', (text) => {
    console.log(text);
    if (printed) return;
    banner += `${text}\n`;
    const urls = urlsOf(banner);
    if (urls === undefined || !text.includes('seeded from')) return;
    printed = true;
    console.log(`\n${envBlock(account, urls, options.state)}`);
  });
}

main();
