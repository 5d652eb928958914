/**
 * The origins a run's requests went to, as proof of the server it tested: each worker writes every
 * new origin its API client (the token endpoint, the resource server, the test helpers) and its
 * browser's pages reached to a ledger in the reports folder; at the end of the run
 * (origins-reporter.ts) an API origin that is not the configured target's makes the run broken,
 * whatever its tests said, and the report lists the browser's origins.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** `helpers`: a request under /test_helpers/; `api`: any other of the API client's; `browser`: a page's. */
export type OriginKind = 'api' | 'helpers' | 'browser';

export interface RunOrigins {
  api: string[];
  helpers: string[];
  browser: string[];
}

/** The ledger's folder in the reports folder, and the summary the reporter writes beside it. */
export const ORIGINS_DIR = 'origins';
export const RUN_ORIGINS_FILE = 'run-origins.json';

/** The variables that name the target's servers (contract section 1). */
const TARGET_URL_VARIABLES = ['TARGET_AUTH_URL', 'TARGET_APPS_URL', 'SANDBOX_CONTROL_URL'] as const;

let ledgerFile: string | undefined;
const seen = new Set<string>();

/** This worker records its origins from now on (the worker fixtures call it once). */
export function keepOriginLedger(reportsDir: string): void {
  if (ledgerFile !== undefined) return;
  mkdirSync(join(reportsDir, ORIGINS_DIR), { recursive: true });
  ledgerFile = join(reportsDir, ORIGINS_DIR, `${process.pid}.jsonl`);
}

/** Notes the origin of a request: once per origin and kind, and only where a ledger is kept. */
export function recordOrigin(kind: OriginKind, url: string): void {
  if (ledgerFile === undefined) return;
  const origin = originOf(url);
  if (origin === undefined) return;
  const key = `${kind} ${origin}`;
  if (seen.has(key)) return;
  seen.add(key);
  appendFileSync(ledgerFile, `${JSON.stringify({ kind, origin })}\n`);
}

/** An API request's kind: the test helpers live under /test_helpers/ (contract section 2). */
export function apiKindOf(url: string): OriginKind {
  return /\/test_helpers\//.test(url) ? 'helpers' : 'api';
}

/** Forgets an earlier run's ledger: global set-up calls it before any worker starts. */
export function clearOriginLedger(reportsDir: string): void {
  rmSync(join(reportsDir, ORIGINS_DIR), { recursive: true, force: true });
  rmSync(join(reportsDir, RUN_ORIGINS_FILE), { force: true });
}

/** Every origin the run's workers recorded, by kind, sorted. */
export function readOrigins(reportsDir: string): RunOrigins {
  const sets = { api: new Set<string>(), helpers: new Set<string>(), browser: new Set<string>() };
  const folder = join(reportsDir, ORIGINS_DIR);
  if (existsSync(folder))
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.jsonl')))
      for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
        const entry = parseEntry(line);
        if (entry !== undefined) sets[entry.kind].add(entry.origin);
      }
  return { api: [...sets.api].sort(), helpers: [...sets.helpers].sort(), browser: [...sets.browser].sort() };
}

function parseEntry(line: string): { kind: OriginKind; origin: string } | undefined {
  if (line.trim() === '') return undefined;
  try {
    const entry = JSON.parse(line) as { kind?: unknown; origin?: unknown };
    const kind = entry.kind;
    if ((kind === 'api' || kind === 'helpers' || kind === 'browser') && typeof entry.origin === 'string')
      return { kind, origin: entry.origin };
  } catch {
    // A line cut short by a killed worker: the others still stand.
  }
  return undefined;
}

/** The origins of the configured target's servers (the embedded sandbox's, once it started). */
export function targetOrigins(env: Readonly<Record<string, string | undefined>>): string[] {
  const origins = TARGET_URL_VARIABLES.map((name) => originOf(env[name]?.trim() ?? '')).filter(
    (origin): origin is string => origin !== undefined,
  );
  return [...new Set(origins)].sort();
}

/** The API origins (helpers included) that are not the target's. */
export function strayOrigins(origins: RunOrigins, target: readonly string[]): string[] {
  return [...new Set([...origins.api, ...origins.helpers])]
    .filter((origin) => !target.includes(origin))
    .sort();
}

/** The one line a run with stray API requests ends with, naming both sides. */
export function strayLine(stray: readonly string[], target: readonly string[]): string {
  return `the run's API requests went to ${stray.join(', ')}, not to the configured target (${target.length === 0 ? 'none configured' : target.join(', ')}): what it tested is not the target it names`;
}

/** A URL's origin; undefined for one that is not a URL or has no origin. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
