// The standalone sandbox's switches as a service (docs/sandbox-service.md): where it listens and
// where it keeps its state. Read by sandbox/standalone.ts and passed through by bin/sandbox.ts.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = '.conformance/sandbox-data';
/** The CA of `sandbox --account --in-memory`: out of reports/, which a run may clear (bin/sandbox.ts). */
export const ACCOUNT_TLS_DIR = '.conformance/sandbox-tls';

/** parseArgs options of the service's switches. */
export const SERVICE_SWITCHES = {
  host: { type: 'string', default: DEFAULT_HOST },
  data: { type: 'string', default: DEFAULT_DATA_DIR },
  fresh: { type: 'boolean', default: false },
  'in-memory': { type: 'boolean', default: false },
  restore: { type: 'boolean', default: false },
} as const;

export const SERVICE_HELP = `  --host <address>   the interface to listen on (default ${DEFAULT_HOST}); the certificate names it
  --data <folder>    where the state is kept across restarts (default ${DEFAULT_DATA_DIR})
  --fresh            delete the kept state first and start empty
  --in-memory        keep nothing: every start begins empty
  --restore          go back to the last good state kept (a clean stop's), the damaged files moved aside`;

export interface ServiceOptions {
  host: string;
  /** Absolute; undefined with --in-memory. */
  dataDir: string | undefined;
  fresh: boolean;
  /** Put the last good state back before starting (persist/last-good.ts). */
  restore: boolean;
}

interface ServiceValues {
  host?: string | undefined;
  data?: string | undefined;
  fresh?: boolean | undefined;
  'in-memory'?: boolean | undefined;
  restore?: boolean | undefined;
}

export function serviceOptionsOf(values: ServiceValues): ServiceOptions {
  const host = values.host?.trim() || DEFAULT_HOST;
  const dataDir = values['in-memory'] === true ? undefined : resolve(values.data ?? DEFAULT_DATA_DIR);
  return { host, dataDir, fresh: values.fresh === true, restore: values.restore === true };
}

/** The command line that gives these options to the standalone sandbox. */
export function serviceArgv(options: ServiceOptions): string[] {
  return [
    '--host',
    options.host,
    ...(options.dataDir === undefined ? ['--in-memory'] : ['--data', options.dataDir]),
    ...(options.fresh ? ['--fresh'] : []),
    ...(options.restore ? ['--restore'] : []),
  ];
}

/** The standalone sandbox's own command line (its only options are these, and --help). */
export function parseServiceArgv(argv: readonly string[]): ServiceOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { ...SERVICE_SWITCHES, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(`Usage: npm run sandbox -- [options]   (docs/sandbox-service.md)\n${SERVICE_HELP}`);
    process.exit(0);
  }
  return serviceOptionsOf(values);
}
