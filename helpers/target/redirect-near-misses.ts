import {
  withOtherPathCase,
  withOtherPort,
  withOtherScheme,
  withPercentEncodedPathLetter,
} from './redirect-origin.js';

/** A near miss of a registered redirect URI: its name, and how it is made from the URI (null: cannot be). */
export type NearMiss = readonly [string, (registered: string) => string | null];

/**
 * URIs that differ from a registered redirect URI by one detail a loose comparison would forgive.
 * Each is derived from the URI alone, so no test helper is needed. The authorization endpoint
 * (R4.1-05) and the token endpoint (R4.2-04) are both tried with this one list.
 */
export const REDIRECT_URI_NEAR_MISSES: readonly NearMiss[] = [
  ['an extra path segment', (uri) => `${uri}/extra`],
  ['a trailing slash', (uri) => `${uri}/`],
  ['an extra query parameter', (uri) => `${uri}${uri.includes('?') ? '&' : '?'}extra=1`],
  ['another port', withOtherPort],
  ['another case in the path', withOtherPathCase],
  ['another scheme', withOtherScheme],
  ['a parent path only', (uri) => uri.slice(0, uri.lastIndexOf('/'))],
  ['a percent-encoded path', withPercentEncodedPathLetter],
];

/** Equal once parsed (an http URL's empty path is "/"): such a pair is no near miss. */
export function sameUrl(registered: string, candidate: string): boolean {
  try {
    return new URL(registered).href === new URL(candidate).href;
  } catch {
    return registered === candidate;
  }
}
