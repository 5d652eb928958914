#!/usr/bin/env node
// The package's command. The suite is TypeScript and is not compiled when packed: the command runs
// bin/cli.ts under tsx (a runtime dependency), resolved from this package, so it works wherever it
// is installed. npm links a bin as it is, so this launcher stays JavaScript; everything else is in cli.ts.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const require = createRequire(import.meta.url);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const result = spawnSync(process.execPath, [require.resolve('tsx/cli'), cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
