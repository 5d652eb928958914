#!/usr/bin/env node
// The package's command. The suite is TypeScript and is not compiled when packed: the command loads
// tsx (a runtime dependency, resolved from this package) into this very process and runs
// bin/cli.ts in it, so that a signal to the command reaches the one process that stands for the
// command's work (sandbox/service/process-tree.ts), not a wrapper that would die and leave it
// running. npm links a bin as it is, so this launcher stays JavaScript; everything else is in cli.ts.
import { createRequire } from 'node:module';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const require = createRequire(import.meta.url);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
await import(pathToFileURL(require.resolve('tsx')).href);
process.argv = [process.argv[0] ?? process.execPath, cli, ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
