import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** Loads `.env` where present (contract section 1); variables already set in the environment win. */
export function loadDotEnv(path = '.env'): void {
  if (!existsSync(path)) return;
  const parsed = parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
  for (const [name, value] of Object.entries(parsed)) {
    if (process.env[name] === undefined) process.env[name] = value;
  }
}
