import type { Observed } from '../../helpers/profile/observe.js';

/** One fact's judgement against one night, before its history is read (check.ts). */
export type Judgement =
  | { standing: 'holds' }
  | { standing: 'broken'; now: string; todo: string }
  | { standing: 'unverified'; now: string; needs: string };

export const HOLDS: Judgement = { standing: 'holds' };
export const unseen = (why: string, needs: string): Judgement => ({
  standing: 'unverified',
  now: why,
  needs,
});

/** A profile value as its list of values (one, or the several a run saw). */
export function valuesOf(seen: Observed | undefined): Observed[] {
  if (seen === undefined) return [];
  if (
    seen !== null &&
    typeof seen === 'object' &&
    !Array.isArray(seen) &&
    Array.isArray(seen['several values'])
  )
    return seen['several values'];
  return [seen];
}
