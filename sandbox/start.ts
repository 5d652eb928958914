import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildAppsServer } from './apps-server.js';
import { buildAuthServer } from './auth-server.js';
import { secretMaker } from './crypto.js';
import { RulesInForce } from './rules/in-force.js';
import type { SwitchRegistry } from './rules/switches.js';
import { switchRegistry, turnOnAtStart } from './rule-switches.js';
import type { RunningSandbox, SandboxOptions } from './options.js';
import { DEFAULT_WEBHOOK_ALLOW, DeliveryPolicy } from './notifications/delivery-policy.js';
import { createState, type SandboxState } from './state.js';
import { SANDBOX_CAPS } from './store/caps.js';
import { usableControlKey } from './test-helpers/control-key.js';
import { generateTls } from './tls.js';

export interface StartedSandbox extends RunningSandbox {
  /** The in-memory state, for the standalone entry point's demo client and user. */
  state: SandboxState;
  /** Every switch of this sandbox (faults, variants, settings), as the control API changes them. */
  switches: SwitchRegistry;
}

/** Starts both servers on loopback; ports 0 pick free ones. */
export async function startSandbox(partial: Partial<SandboxOptions> = {}): Promise<StartedSandbox> {
  // A folder of its own for the CA file when none is given, removed on close: every run used to
  // leave one behind in the temporary directory of a shared host.
  const ownsTlsDir = partial.tlsDir === undefined;
  const tlsDir = partial.tlsDir ?? mkdtempSync(join(tmpdir(), 'sandbox-tls-'));
  const options: SandboxOptions = {
    host: '127.0.0.1',
    authPort: 0,
    appsPort: 0,
    controlKey: null,
    faults: [],
    variants: [],
    logRequests: false,
    secretPrefix: '',
    webhookAllow: process.env.SANDBOX_WEBHOOK_ALLOW ?? DEFAULT_WEBHOOK_ALLOW,
    ...partial,
    tlsDir,
  };
  const tls = await generateTls(options.tlsDir);
  const deliveryPolicy = new DeliveryPolicy(options.webhookAllow);
  const rules = new RulesInForce();
  turnOnAtStart(rules, options.faults, options.variants);
  const switches = switchRegistry(rules);
  const state = createState(() => rules.current, secretMaker(options.secretPrefix), {
    deliveryPolicy,
    caps: { ...SANDBOX_CAPS, ...options.caps },
  });
  const auth = buildAuthServer(state, rules, tls, options);
  const apps = buildAppsServer({ state, rules, switches }, options.controlKey, options);
  const authPort = await listen(auth, options.host, options.authPort);
  const appsPort = await listen(apps, options.host, options.appsPort);
  // Deliveries never reach the sandbox's own endpoints (the test helpers least of all).
  deliveryPolicy.ownPorts.add(authPort).add(appsPort);
  const appsUrl = `http://${options.host}:${appsPort}`;
  return {
    authUrl: `https://${options.host}:${authPort}`,
    appsUrl,
    controlUrl: appsUrl,
    controlKey: usableControlKey(options.controlKey),
    caFile: tls.caFile,
    faults: options.faults,
    state,
    switches,
    close: async () => {
      await Promise.all([auth.close(), apps.close()]);
      await state.deliverer.close();
      if (ownsTlsDir) rmSync(tlsDir, { recursive: true, force: true });
    },
  };
}

async function listen(app: FastifyInstance, host: string, port: number): Promise<number> {
  await app.listen({ host, port });
  return (app.server.address() as AddressInfo).port;
}
