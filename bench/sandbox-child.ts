// The embedded sandbox in a process of its own, for benchmarks that must measure the sandbox's
// memory apart from the load generator's, or keep the generator off the sandbox's event loop.
// Commands on stdin, one reply line each:
//   actor   -> {clientId, login, token}: a client (rate limit lifted), a user and an access token
//   memory  -> {rssMb, heapUsedMb, maxRssMb}, after a full collection when run with --expose-gc
//   cpu     -> {cpuMs}: the CPU time the process has used so far (user and system)
// Its first argument may name how the journal and chaos are set (bench/chaos-cost.ts): `plain`
// (neither installed), `journal-off` (installed, journal off, no profile), `journal-on` (no
// profile), `chaos-elsewhere` (journal on, every profile on for a client that is not the actor's).
// `--data DIR`: the state kept in a fresh data folder there, as `npm run sandbox` keeps it
// (bench/persistence.ts); without it, in memory only, as the suite's embedded sandbox.
import { parseArgs } from 'node:util';
import { runsWithSandboxSettings } from '../sandbox/process-settings.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { benchActor } from './actors.js';
import { announceReady, answerCommands, closeOnSignal } from './throughput/ready.js';

export interface SandboxChildInfo {
  appsUrl: string;
  authUrl: string;
  controlKey: string;
  caFile: string;
  /** Whether the child runs with the Node flags `npm run sandbox` gives the sandbox. */
  sandboxSettings: boolean;
}

export interface MemorySample {
  rssMb: number;
  heapUsedMb: number;
  /** The process's peak resident set so far. */
  maxRssMb: number;
}

const CONTROL_KEY = 'bench-control-key-not-secret';
const MB = 1024 * 1024;

function memory(): MemorySample {
  // Only a collected heap tells retained memory from garbage not yet swept.
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return {
    rssMb: usage.rss / MB,
    heapUsedMb: usage.heapUsed / MB,
    maxRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
  };
}

export interface CpuSample {
  cpuMs: number;
}

function cpu(): CpuSample {
  const { user, system } = process.cpuUsage();
  return { cpuMs: (user + system) / 1000 };
}

function actor(sandbox: StartedSandbox): string {
  const made = benchActor(sandbox);
  const client = sandbox.state.clients.find(made.clientId);
  // A benchmark measures serving, not the per-client limit (whose check still runs per request).
  if (client !== undefined) client.rateLimit.requests = Number.MAX_SAFE_INTEGER;
  return JSON.stringify(made);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { data: { type: 'string' } },
    allowPositionals: true,
  });
  const mode = positionals[0] ?? 'journal-on';
  const sandbox = await startSandbox({
    controlKey: CONTROL_KEY,
    dataDir: values.data,
    fresh: true,
    observe: mode !== 'plain',
    journal: mode === 'journal-on' || mode === 'chaos-elsewhere',
    ...(mode === 'chaos-elsewhere'
      ? {
          chaos: {
            profiles: ['edge', 'pages', 'statuses', 'deliveries'],
            clients: ['cl_someone_else'],
            seed: 1,
          },
        }
      : {}),
  });
  answerCommands((line) => {
    if (line === 'actor') return actor(sandbox);
    if (line === 'memory') return JSON.stringify(memory());
    if (line === 'cpu') return JSON.stringify(cpu());
    throw new Error(`unknown command ${line}`);
  });
  const info: SandboxChildInfo = {
    appsUrl: sandbox.appsUrl,
    authUrl: sandbox.authUrl,
    controlKey: CONTROL_KEY,
    caFile: sandbox.caFile,
    sandboxSettings: runsWithSandboxSettings(),
  };
  announceReady(info);
  closeOnSignal(() => sandbox.close());
}

void main();
