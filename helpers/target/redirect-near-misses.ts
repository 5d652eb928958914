import {
  withOtherPathCase,
  withOtherPort,
  withOtherScheme,
  withPercentEncodedPathLetter,
} from './redirect-origin.js';

/**
 * A near miss of a registered redirect URI: what it changes (as a title says it), how it is made
 * from the URI (null: cannot be), and its case name (the tag a self-test selects it by, asCase).
 */
export type NearMiss = readonly [
  miss: string,
  mutate: (registered: string) => string | null,
  caseName: string,
];

/**
 * URIs that differ from a registered redirect URI by one detail a loose comparison would forgive.
 * Each is derived from the URI alone, so no test helper is needed. The authorization endpoint
 * (R4.1-05) and the token endpoint (R4.2-04) are both tried with this one list.
 */
export const REDIRECT_URI_NEAR_MISSES: readonly NearMiss[] = [
  ['an extra path segment', (uri) => `${uri}/extra`, 'extra-path-segment'],
  ['a trailing slash', (uri) => `${uri}/`, 'trailing-slash'],
  ['an extra query parameter', (uri) => `${uri}${uri.includes('?') ? '&' : '?'}extra=1`, 'extra-query'],
  ['another port', withOtherPort, 'other-port'],
  ['another case in the path', withOtherPathCase, 'other-path-case'],
  ['another scheme', withOtherScheme, 'other-scheme'],
  ['a parent path only', (uri) => uri.slice(0, uri.lastIndexOf('/')), 'parent-path'],
  ['a percent-encoded path', withPercentEncodedPathLetter, 'percent-encoded-path'],
];

/** Equal once parsed (an http URL's empty path is "/"): such a pair is no near miss. */
export function sameUrl(registered: string, candidate: string): boolean {
  try {
    return new URL(registered).href === new URL(candidate).href;
  } catch {
    return registered === candidate;
  }
}
