/**
 * Whether the environment names a target, and what is wrong with a server URL as it was typed. The
 * embedded sandbox starts only when no target variable is set at all: one mistyped or forgotten
 * variable must be refused, never read as "unset" and answered with a green run against the wrong
 * server.
 */
import { VARIABLES, type Environment } from '../../config/environment.js';

const DECLARED_NAMES: readonly string[] = VARIABLES.map((variable) => variable.name);
const ACCOUNT_NAMES = new Set<string>(
  VARIABLES.filter((variable) => variable.group === 'account').map((variable) => variable.name),
);

/**
 * What only an external target gives a meaning to: its CA (the embedded sandbox's is its own) and
 * its name (an embedded run named as the marketplace would become its drift baseline). Set without
 * a target's URLs, they say a target was meant and its URLs lost. The pages' selectors are not
 * among them: a variant of the embedded sandbox with other markup is told its selectors.
 */
const TARGET_ONLY = /^(TLS_CA_FILE|CONFORMANCE_TARGET_NAME)$/;

/** Any TARGET_*, any SANDBOX_CONTROL_*, an account variable (contract sections 1 and 3), TARGET_ONLY, as spelt. */
function namesTargetExactly(name: string): boolean {
  return (
    name.startsWith('TARGET_') ||
    name.startsWith('SANDBOX_CONTROL_') ||
    ACCOUNT_NAMES.has(name) ||
    TARGET_ONLY.test(name)
  );
}

const TARGET_NAMES: readonly string[] = DECLARED_NAMES.filter(namesTargetExactly);
/** Edits that still make a name one of the target's: a swapped or dropped letter, a stray one. */
const MOST_EDITS = 2;

/**
 * A target variable however it was typed: in any case (a shell keeps `target_auth_url` apart from
 * `TARGET_AUTH_URL`), or within two edits of a target variable's name (`TARGTE_APPS_URL`). Read
 * as unset, such a name would start the embedded sandbox in the target's place.
 */
function namesTarget(name: string): boolean {
  const upper = name.toUpperCase();
  if (namesTargetExactly(upper)) return true;
  return nearestOf(upper, TARGET_NAMES, MOST_EDITS) !== undefined;
}

/**
 * The target variables set in this environment, right or wrong: none, and the run starts the
 * embedded sandbox. Only an empty value is unset (as `.env` files and CI leave them); a value of
 * spaces is set, and refused.
 */
export function targetNamedBy(env: Environment): string[] {
  return Object.keys(env)
    .filter((name) => namesTarget(name) && (env[name] ?? '') !== '')
    .sort();
}

/** A set target variable the suite does not read as spelt: a typo of one it does. */
export function unknownTargetVariables(env: Environment): string[] {
  return targetNamedBy(env)
    .filter((name) => !DECLARED_NAMES.includes(name))
    .map((name) => `${name}: not a variable the suite reads${meantOf(name)}`);
}

function meantOf(name: string): string {
  const upper = name.toUpperCase();
  if (upper !== name && DECLARED_NAMES.includes(upper))
    return ` (did you mean ${upper}? names are upper case)`;
  const near = nearestOf(upper, DECLARED_NAMES, 3);
  return near === undefined ? '' : ` (did you mean ${near}?)`;
}

function nearestOf(name: string, names: readonly string[], most: number): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const declared of names) {
    const distance = editDistance(name, declared);
    if (distance <= most && (best === undefined || distance < best.distance))
      best = { name: declared, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1)
      row.push(
        Math.min(
          (previous[j] ?? 0) + 1,
          (row[j - 1] ?? 0) + 1,
          (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
        ),
      );
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * What is wrong with a server's base URL exactly as it was set, in words; undefined when it is an
 * absolute http(s) URL with a host (a path, such as `/oauth`, is a base like any other).
 */
export function serverUrlProblem(value: string, endpoints: readonly string[] = []): string | undefined {
  if (value.trim() === '') return 'only spaces';
  if (/^\s/.test(value)) return 'it starts with a space';
  if (/\s$/.test(value)) return 'it ends with a space or a line break';
  if (/\s/.test(value)) return 'it holds a space';
  if (/^(["'`]).*\1$/s.test(value) || /^["'`]|["'`]$/.test(value))
    return 'it is wrapped in quotes, which are part of the value here: remove them';
  if (value.startsWith('$')) return 'a variable that was not expanded';
  if (value.startsWith('/')) return 'a path, not an absolute URL: give the scheme and host too';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1];
  if (scheme === undefined || /^\d/.test(value))
    return 'no scheme: write http:// or https:// before the host';
  if (!/^https?$/i.test(scheme)) {
    if (/^[\w.-]+:\d+/.test(value) && !value.includes('//'))
      return 'no scheme: write http:// or https:// before the host';
    return `the scheme "${scheme}" is not http or https`;
  }
  if (!/^https?:\/\//i.test(value)) return `"${scheme}:" must be followed by "//" and the host`;
  if (/^https?:\/\/https?:/i.test(value)) return 'the scheme is written twice';
  if (/^https?:\/\/[/?#:]/i.test(value) || /^https?:\/\/$/i.test(value)) return 'no host after the scheme';
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return 'not a valid URL (check the host and the port)';
  }
  if (parsed.hostname === '') return 'no host after the scheme';
  if (parsed.username !== '' || parsed.password !== '')
    return 'it holds a user name or password: remove them';
  if (parsed.search !== '' || value.includes('?')) return 'it holds a query: give the base URL alone';
  if (parsed.hash !== '' || value.includes('#')) return 'it holds a fragment: give the base URL alone';
  const path = parsed.pathname.replace(/\/+$/, '');
  const endpoint = endpoints.find((one) => path.endsWith(one));
  if (endpoint !== undefined)
    return `it ends with the endpoint's path ${endpoint}: give the base URL, to which the suite adds it`;
  return undefined;
}

/** The value as a problem line may show it: user information hidden, at most 120 characters. */
export function shownValue(value: string): string {
  const hidden = value.replace(/^([A-Za-z][\w+.-]*:\/\/)[^/?#@]*@/, '$1***@');
  return JSON.stringify(hidden.length > 120 ? `${hidden.slice(0, 117)}...` : hidden);
}
