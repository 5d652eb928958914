// Consent-flow benchmark: the browser half of the gate. For each Chromium binary found (Debian's
// full browser and its old headless shell), N authorization flows against the embedded sandbox,
// each in a fresh context as a test has: wall time per flow and CPU seconds of the browser's
// processes per flow (read from /proc), beside the browser's launch time; then the same flows by
// the browserless form flow the suite's set-up uses (helpers/clients/form-consent.ts). The CPU of
// this process (the sandbox, and the driver or the form client) is printed beside.
// Usage: tsx bench/consent-flow.ts [flows=20] [binary ...]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { ConsentDriver } from '../helpers/clients/consent-driver.js';
import type { AuthorizationOutcome, AuthorizeOptions } from '../helpers/clients/authorization-flow.js';
import { FormConsent } from '../helpers/clients/form-consent.js';
import { HttpClient } from '../helpers/clients/http.js';
import { authorizationUrl } from '../helpers/clients/oauth-client.js';
import { EMBEDDED_SANDBOX_SELECTORS } from '../spec/contract.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { trustArgsFor } from '../helpers/target/browser-trust.js';
import { BROWSER_VIEWPORT, CHROMIUM_ARGS } from '../helpers/target/chromium.js';
import { cpuSecondsUnder } from './lib/process-cpu.js';

const flows = Number(process.argv[2] ?? 20);
const binaries = process.argv.slice(3).length > 0 ? process.argv.slice(3) : defaultBinaries();
const CLIENT_ORIGIN = 'http://127.0.0.1:9';

function defaultBinaries(): string[] {
  return ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].filter((path) => existsSync(path));
}

/** A fresh client and user of the sandbox, and their approval asked of `flow`; throws without a code. */
async function approveFresh(
  sandbox: StartedSandbox,
  flow: { authorize: (url: string, options: AuthorizeOptions) => Promise<AuthorizationOutcome> },
): Promise<void> {
  const { client } = sandbox.state.clients.register([`${CLIENT_ORIGIN}/cb`], 'bench');
  const user = sandbox.state.users.create({});
  const url = authorizationUrl(sandbox.authUrl, {
    clientId: client.clientId,
    redirectUri: `${CLIENT_ORIGIN}/cb`,
    scope: 'basic_user_info',
  });
  const outcome = await flow.authorize(url, {
    clientOrigin: CLIENT_ORIGIN,
    user: { login: user.login, password: user.password },
  });
  if (outcome.kind !== 'redirected' || outcome.code === null) throw new Error('the flow yielded no code');
}

async function oneFlow(browser: Browser, sandbox: StartedSandbox): Promise<void> {
  const newContext = () => browser.newContext({ viewport: BROWSER_VIEWPORT });
  const context = await newContext();
  await approveFresh(sandbox, new ConsentDriver(context, newContext, EMBEDDED_SANDBOX_SELECTORS));
  await context.close();
}

/** One flow of a fresh client and user through the forms, as a test's set-up runs it. */
async function oneFormFlow(http: HttpClient, sandbox: StartedSandbox): Promise<void> {
  await approveFresh(sandbox, new FormConsent(http, EMBEDDED_SANDBOX_SELECTORS));
}

function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function measureForms(sandbox: StartedSandbox) {
  const http = new HttpClient({ caFile: sandbox.caFile });
  await oneFormFlow(http, sandbox);
  const ownBefore = ownCpuMs();
  const started = performance.now();
  for (let index = 0; index < flows; index += 1) await oneFormFlow(http, sandbox);
  const perFlowMs = (performance.now() - started) / flows;
  const ownCpuPerFlowMs = (ownCpuMs() - ownBefore) / flows;
  await http.close();
  return {
    binary: 'none (form flow)',
    launchMs: 0,
    perFlowMs: Math.round(perFlowMs),
    browserCpuPerFlowMs: 0,
    ownCpuPerFlowMs,
  };
}

async function measure(binary: string, sandbox: StartedSandbox) {
  // The browser trusts the sandbox's own certificate, as the suite's does (helpers/target/browser-trust.ts).
  const trust = await trustArgsFor({ authUrl: sandbox.authUrl, caFile: sandbox.caFile });
  const launchStarted = performance.now();
  const browser = await chromium.launch({ executablePath: binary, args: [...CHROMIUM_ARGS, ...trust] });
  const launchMs = performance.now() - launchStarted;
  await oneFlow(browser, sandbox); // warm-up: the first flow compiles the pages' code
  const cpuBefore = cpuSecondsUnder(process.pid);
  const ownBefore = ownCpuMs();
  const started = performance.now();
  for (let index = 0; index < flows; index += 1) await oneFlow(browser, sandbox);
  const perFlowMs = (performance.now() - started) / flows;
  const browserCpuPerFlowMs = ((cpuSecondsUnder(process.pid) - cpuBefore) * 1000) / flows;
  const ownCpuPerFlowMs = (ownCpuMs() - ownBefore) / flows;
  await browser.close();
  return {
    binary,
    launchMs: Math.round(launchMs),
    perFlowMs: Math.round(perFlowMs),
    browserCpuPerFlowMs,
    ownCpuPerFlowMs,
  };
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ controlKey: 'bench-control-key-not-secret' });
  const results = [];
  for (const binary of binaries) results.push(await measure(binary, sandbox));
  results.push(await measureForms(sandbox));
  await sandbox.close();

  console.log(`consent flows: ${flows} per binary, each in a fresh context (login and consent pages)`);
  console.log(
    'binary                              launch ms   wall ms/flow   browser CPU ms/flow   sandbox+driver CPU ms/flow',
  );
  for (const row of results)
    console.log(
      `${row.binary.padEnd(36)}${String(row.launchMs).padStart(9)}${String(row.perFlowMs).padStart(15)}${String(Math.round(row.browserCpuPerFlowMs)).padStart(22)}${String(Math.round(row.ownCpuPerFlowMs)).padStart(29)}`,
    );
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync('reports/bench/consent-flow.json', JSON.stringify({ flows, results }, null, 2));
}

void main();
