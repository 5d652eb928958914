import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildAppsServer, type AppsSandbox } from './apps-server.js';
import { buildAuthServer, type ServerOptions } from './auth-server.js';
import { secretMaker } from './store/crypto.js';
import { RulesInForce } from './rules/in-force.js';
import type { SandboxSwitch, SwitchRegistry } from './rules/switches.js';
import { switchRegistry, turnOnAtStart } from './rule-switches.js';
import type { RunningSandbox, SandboxOptions } from './options.js';
import { DeliveryPolicy } from './notifications/delivery-policy.js';
import { deliverySwitches } from './notifications/switches.js';
import { keepRecord, keptRecord, keptStores } from './state/kept-stores.js';
import { keepSwitches, restoreSwitches } from './state/kept-switches.js';
import { continueJournal } from './state/kept-journal.js';
import { Persistence } from './persist/persistence.js';
import { answerOnceKept } from './persist/acknowledged.js';
import type { FormatForTarget } from './http/client-errors.js';
import { capConnections } from './http/connection-cap.js';
import { createState, type SandboxState } from './state/sandbox-state.js';
import { convertVersion1 } from './state/version-1.js';
import { observeSandbox } from './chaos/install.js';
import { Journal } from './journal/journal.js';
import { chaosSwitches } from './chaos/switches.js';
import { SANDBOX_CAPS } from './store/caps.js';
import { usableControlKey } from './test-helpers/control-key.js';
import { generateTls, type CaMaterial } from './tls.js';
import type { Calibration } from './calibrate/calibrate.js';
import { CalibrationInForce, calibrationSwitch } from './calibrate/switch.js';
import { VARIANTS } from './variants.js';
import { settings } from '../config/environment.js';

export interface StartedSandbox extends RunningSandbox {
  /** The in-memory state, for the standalone entry point's demo client and user. */
  state: SandboxState;
  /** Where the state is kept, when a data folder was given. */
  persistence: Persistence | undefined;
  /** Every switch of this sandbox (faults, variants, settings), as the control API changes them. */
  switches: SwitchRegistry;
}

/** Starts both servers on the host (loopback by default); ports 0 pick free ones. */
export async function startSandbox(partial: Partial<SandboxOptions> = {}): Promise<StartedSandbox> {
  // A folder of its own for the CA file when none is given, removed on close: every run used to
  // leave one behind in the temporary directory of a shared host.
  const ownsTlsDir = partial.tlsDir === undefined;
  const tlsDir = partial.tlsDir ?? mkdtempSync(join(tmpdir(), 'sandbox-tls-'));
  const options = withDefaults(partial, tlsDir);
  const persistence =
    options.dataDir === undefined
      ? undefined
      : await Persistence.open(options.dataDir, options.fresh === true, convertVersion1);
  const keptCa = keptRecord(persistence, 'ca') as CaMaterial | undefined;
  const tls = await generateTls(options.tlsDir, options.host, keptCa);
  keepRecord(persistence, 'ca', tls.ca);
  const deliveryPolicy = new DeliveryPolicy(options.webhookAllow);
  const rules = new RulesInForce();
  turnOnAtStart(rules, options.faults, options.variants);
  const state = stateOf(options, rules, deliveryPolicy);
  // Every switch at run time: the faults and variants, then the areas' settings.
  const switches = switchRegistry(rules, areaSwitches(state, rules, options.like));
  const keptSwitches =
    persistence === undefined ? undefined : keepState(persistence, state, switches, options);
  const serverOptions = serverOptionsOf(options, persistence);
  const { auth, apps } = buildServers({ state, rules, switches }, tls, options, serverOptions);
  // Below the descriptor limit, so a new connection is always accepted (http/connection-cap.ts).
  capConnections([auth.server, apps.server]);
  if (options.observe !== false) observeSandbox(state, { auth, apps }, options.chaos);
  const authPort = await listen(auth, options.host, options.authPort);
  const appsPort = await listen(apps, options.host, options.appsPort);
  // Deliveries never reach the sandbox's own endpoints (the test helpers least of all).
  deliveryPolicy.ownPorts.add(authPort).add(appsPort);
  const urlHost = hostInUrl(options.host);
  const appsUrl = `${options.appsHttps === true ? 'https' : 'http'}://${urlHost}:${appsPort}`;
  return {
    authUrl: `https://${urlHost}:${authPort}`,
    appsUrl,
    controlUrl: appsUrl,
    controlKey: usableControlKey(options.controlKey),
    caFile: tls.caFile,
    faults: options.faults,
    state,
    persistence,
    switches,
    close: () => {
      keptSwitches?.keepNow();
      return closeAll({ auth, apps, state, persistence, tlsDir: ownsTlsDir ? tlsDir : undefined });
    },
  };
}

/**
 * The kept stores refilled and journaled, the journal's key and numbers taken up, then the kept switches set again, then what this start
 * asks on top of them (its faults, variants and delivery settings), then every switch kept.
 */
function keepState(
  persistence: Persistence,
  state: SandboxState,
  switches: SwitchRegistry,
  options: SandboxOptions,
): { keepNow: () => void } {
  persistence.keep(keptStores(state));
  // The journal's file in the data folder is digested at a clean stop, beside the data file.
  const journalFile = journalFileOf(options);
  if (journalFile !== null && dirname(journalFile) === options.dataDir) persistence.logs.push(journalFile);
  // A delivery announces a change: it leaves once that change is in the file.
  state.deliverer.kept = persistence;
  const journal = continueJournal(persistence, state.journal, journalFile);
  restoreSwitches(persistence, switches, state.chaos);
  for (const name of [...options.variants, ...options.faults]) switches.set(name, true);
  if (options.delivery !== undefined) state.deliverer.settings.apply(options.delivery);
  const kept = keepSwitches(persistence, switches, state.chaos);
  return {
    keepNow: () => {
      kept.keepNow();
      journal.keepNow();
    },
  };
}

/** What both servers are built with: with a data folder, no answer leaves before its changes are kept. */
function serverOptionsOf(options: SandboxOptions, persistence: Persistence | undefined): ServerOptions {
  if (persistence === undefined) return { logRequests: options.logRequests };
  return {
    logRequests: options.logRequests,
    guardAnswers: (app: FastifyInstance, formatFor: FormatForTarget) => {
      answerOnceKept(app, persistence, formatFor);
    },
  };
}

/** The journal's file: the one asked, else the data folder's. */
function journalFileOf(options: SandboxOptions): string | null {
  return (
    options.journalFile ?? (options.dataDir === undefined ? null : join(options.dataDir, 'journal.jsonl'))
  );
}

/** The areas' settings: deliveries, the ad import, chaos, the calibration (at start: --like). */
function areaSwitches(
  state: SandboxState,
  rules: RulesInForce,
  like: Calibration | undefined,
): SandboxSwitch[] {
  return [
    ...deliverySwitches(state.deliverer.settings),
    ...state.adImport.switches(),
    ...chaosSwitches(state.chaos),
    calibrationSwitch(new CalibrationInForce(rules, (name) => VARIANTS[name].patch, like)),
  ];
}

/** The state, its journal kept in the data folder too when there is one, its delivery policy as asked. */
function stateOf(options: SandboxOptions, rules: RulesInForce, deliveryPolicy: DeliveryPolicy): SandboxState {
  const journalFile = journalFileOf(options);
  const state = createState(() => rules.current, secretMaker(options.secretPrefix), {
    deliveryPolicy,
    caps: { ...SANDBOX_CAPS, ...options.caps },
    journal: new Journal(options.journal ?? true, journalFile),
  });
  state.deliverer.settings.apply(options.delivery ?? {});
  return state;
}

function withDefaults(partial: Partial<SandboxOptions>, tlsDir: string): SandboxOptions {
  return {
    host: '127.0.0.1',
    authPort: 0,
    appsPort: 0,
    controlKey: null,
    faults: [],
    variants: [],
    logRequests: false,
    secretPrefix: '',
    webhookAllow: settings().SANDBOX_WEBHOOK_ALLOW,
    ...partial,
    tlsDir,
  };
}

/** Both servers; the resource server with the authorization server's certificate too with `--apps-https`. */
function buildServers(
  sandbox: AppsSandbox,
  tls: { key: string; cert: string },
  options: SandboxOptions,
  serverOptions: ServerOptions,
): { auth: FastifyInstance; apps: FastifyInstance } {
  const auth = buildAuthServer(sandbox.state, sandbox.rules, tls, serverOptions);
  const appsTls = options.appsHttps === true ? tls : undefined;
  return { auth, apps: buildAppsServer(sandbox, options.controlKey, serverOptions, appsTls) };
}

/** The host as a URL holds it: an IPv6 address in brackets, every interface as loopback. */
function hostInUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

async function listen(app: FastifyInstance, host: string, port: number): Promise<number> {
  await app.listen({ host, port });
  return (app.server.address() as AddressInfo).port;
}

/**
 * Stops the sandbox: what was queued is written first, whatever the connections do meanwhile;
 * then the servers, the import's moderation, the deliveries and the journal; then the file.
 */
async function closeAll(parts: {
  auth: FastifyInstance;
  apps: FastifyInstance;
  state: SandboxState;
  persistence: Persistence | undefined;
  tlsDir: string | undefined;
}): Promise<void> {
  const { persistence, state } = parts;
  persistence?.closing();
  persistence?.flush();
  await closeServers([parts.auth, parts.apps]);
  state.adImport.close();
  await state.deliverer.close();
  await state.journal.close();
  persistence?.close();
  if (parts.tlsDir !== undefined) rmSync(parts.tlsDir, { recursive: true, force: true });
}

/**
 * How long a stop lets the requests in progress finish before their connections are closed: a
 * client holding a connection open (a slow body) cannot delay the stop.
 */
const CLOSE_GRACE_MS = 1000;

/** Stops both servers: idle connections at once, the others after CLOSE_GRACE_MS. */
async function closeServers(servers: readonly FastifyInstance[]): Promise<void> {
  const cut = setTimeout(() => {
    for (const server of servers) server.server.closeAllConnections();
  }, CLOSE_GRACE_MS);
  try {
    await Promise.all(servers.map((server) => server.close()));
  } finally {
    clearTimeout(cut);
  }
}
