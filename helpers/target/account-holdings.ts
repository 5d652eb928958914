import type { Settings } from '../../config/environment.js';

/**
 * What the account holds, as the team states it (contract section 3): the number of ads of
 * TARGET_USER_LOGIN (TARGET_USER_AD_COUNT, read as its declaration types it) and the listing's rate
 * limit the marketplace states (TARGET_RATE_LIMIT, `<requests>/<seconds>`, parsed here, its one
 * reader). Each wrong variable is one line of `problems`.
 */

export interface StatedRateLimit {
  requests: number;
  seconds: number;
}

export interface AccountHoldings {
  /** TARGET_USER_AD_COUNT: every unfiltered crawl of TARGET_USER_LOGIN yields exactly this many ads. */
  userAdCount: number | null;
  /** TARGET_RATE_LIMIT: a burst past it must meet RATE_LIMIT. */
  rateLimit: StatedRateLimit | null;
}

type Read = (name: string) => string | undefined;

export function resolveHoldings(read: Read, typed: Settings, problems: string[]): AccountHoldings {
  return { userAdCount: resolveAdCount(read, typed, problems), rateLimit: resolveRateLimit(read, problems) };
}

/** A wrong count is its declaration's problem line; a count of nobody's ads is this one. */
function resolveAdCount(read: Read, typed: Settings, problems: string[]): number | null {
  const count = typed.TARGET_USER_AD_COUNT;
  if (count === undefined) return null;
  if (read('TARGET_USER_LOGIN') === undefined)
    problems.push('TARGET_USER_AD_COUNT: counts the ads of TARGET_USER_LOGIN, which is not set');
  return count;
}

function resolveRateLimit(read: Read, problems: string[]): StatedRateLimit | null {
  const raw = read('TARGET_RATE_LIMIT');
  if (raw === undefined) return null;
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(raw);
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (match !== null && requests >= 1 && seconds >= 1) return { requests, seconds };
  problems.push(
    `TARGET_RATE_LIMIT: expected <requests>/<seconds> as the marketplace states the listing's limit (5000/60 for 5,000 a minute), got "${raw}"`,
  );
  return null;
}
