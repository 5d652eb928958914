import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { environment, type Environment } from '../../config/environment.js';

/**
 * The User-Agent of every request the suite's HTTP client sends. Production has refused
 * requests without a browser-like one on some endpoints, and an operator reading its logs should
 * see who calls (field notes): `Mozilla/5.0 (compatible; classifieds-conformance/<version>; +<url>)`,
 * the form crawlers use. CONFORMANCE_USER_AGENT replaces it, and is then the browser's too; without
 * it the browser keeps Chromium's own, the most browser-like there is.
 */
export const USER_AGENT_VARIABLE = 'CONFORMANCE_USER_AGENT';

interface PackageFacts {
  name: string;
  version: string;
  homepage?: string;
}

function packageFacts(): PackageFacts {
  try {
    return JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as PackageFacts;
  } catch {
    return { name: 'classifieds-conformance', version: 'unknown' };
  }
}

/** The suite's own User-Agent, naming the package, its version and its home page when it has one. */
export function defaultUserAgent(): string {
  const { name, version, homepage } = packageFacts();
  return `Mozilla/5.0 (compatible; ${name}/${version}${homepage === undefined ? '' : `; +${homepage}`})`;
}

/** CONFORMANCE_USER_AGENT when set (and not blank), else the suite's own. */
export function conformanceUserAgent(env: Environment = environment()): string {
  const configured = env[USER_AGENT_VARIABLE]?.trim();
  return configured === undefined || configured === '' ? defaultUserAgent() : configured;
}

/** The browser's User-Agent: CONFORMANCE_USER_AGENT when set, else undefined (Chromium's own). */
export function browserUserAgent(env: Environment = environment()): string | undefined {
  const configured = env[USER_AGENT_VARIABLE]?.trim();
  return configured === undefined || configured === '' ? undefined : configured;
}
