import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildAppsServer } from './apps-server.js';
import { buildAuthServer } from './auth-server.js';
import { secretMaker } from './store/crypto.js';
import { RulesInForce } from './rules/in-force.js';
import type { SandboxSwitch, SwitchRegistry } from './rules/switches.js';
import { switchRegistry, turnOnAtStart } from './rule-switches.js';
import type { RunningSandbox, SandboxOptions } from './options.js';
import { DeliveryPolicy } from './notifications/delivery-policy.js';
import { deliverySwitches } from './notifications/switches.js';
import { keepRecord, keptRecord, keptStores } from './state/kept-stores.js';
import { Persistence } from './persist/persistence.js';
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
  persistence?.keep(keptStores(state));
  const auth = buildAuthServer(state, rules, tls, options);
  const apps = buildAppsServer({ state, rules, switches }, options.controlKey, options);
  if (options.observe !== false) observeSandbox(state, { auth, apps }, options.chaos);
  const authPort = await listen(auth, options.host, options.authPort);
  const appsPort = await listen(apps, options.host, options.appsPort);
  // Deliveries never reach the sandbox's own endpoints (the test helpers least of all).
  deliveryPolicy.ownPorts.add(authPort).add(appsPort);
  const urlHost = hostInUrl(options.host);
  const appsUrl = `http://${urlHost}:${appsPort}`;
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
    close: async () => {
      persistence?.closing();
      await Promise.all([auth.close(), apps.close()]);
      state.adImport.close();
      await state.deliverer.close();
      await state.journal.close();
      persistence?.close();
      if (ownsTlsDir) rmSync(tlsDir, { recursive: true, force: true });
    },
  };
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
  const journalFile =
    options.journalFile ?? (options.dataDir === undefined ? null : join(options.dataDir, 'journal.jsonl'));
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
