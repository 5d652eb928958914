import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter } from '@playwright/test/reporter';
import { readOrigins, RUN_ORIGINS_FILE, strayLine, strayOrigins, targetOrigins } from './origins.js';
import { environment } from '../../config/environment.js';

/**
 * Proof of the server a run tested (origins.ts): at its end, the origins its workers' API client
 * and browser reached are written to `run-origins.json`, and an API origin that is not the
 * configured target's (the embedded sandbox's, once global set-up named it) ends the run as broken,
 * naming both, whatever its tests said.
 */
export default class OriginsReporter implements Reporter {
  private readonly reportsDir: string;

  constructor(options: { reportsDir?: string } = {}) {
    this.reportsDir = options.reportsDir ?? 'reports';
  }

  onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    const origins = readOrigins(this.reportsDir);
    const target = targetOrigins(environment());
    const stray = strayOrigins(origins, target);
    const broken = stray.length === 0 ? undefined : strayLine(stray, target);
    mkdirSync(this.reportsDir, { recursive: true });
    writeFileSync(
      join(this.reportsDir, RUN_ORIGINS_FILE),
      `${JSON.stringify({ target, ...origins, ...(broken === undefined ? {} : { broken }) }, null, 2)}\n`,
    );
    console.log(
      `Origins: API ${listed(origins.api)}; test helpers ${origins.helpers.length === 0 ? 'not used' : `used at ${listed(origins.helpers)}`}; browser pages ${listed(origins.browser)}`,
    );
    if (broken === undefined) return Promise.resolve(undefined);
    console.error(`Broken run: ${broken}.`);
    return Promise.resolve({ status: 'failed' });
  }

  printsToStdio(): boolean {
    return false;
  }
}

function listed(origins: readonly string[]): string {
  return origins.length === 0 ? 'none' : origins.join(', ');
}
