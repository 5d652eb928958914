/**
 * What counts as the same mistake: one mistake fails one requirement. Some requirements see the
 * consequence of another's mistake: a refusal by the authorization server (C7-01) that a code
 * reused, a secret in the URL or a scope in the wrong case caused; a page_token that no page
 * answered (C4.4-01) that is the null next_token printed and sent on (C4.4-03's, the mistake).
 * Such a requirement is graded after the others, and every record their failures show (each
 * record making that mistake, not only the first: verdict.ts `alike`) is theirs, not a second
 * failure.
 *
 * The rest of "one line" is settled by which occasion a record is: each delivery graded by one of
 * C6-01, C6-02, C6-03 or C3-02 (deliveries.ts); a page with a status outside section 3 by C3-01,
 * not C4.4-02; a page fetched again after a null next_token by C4.4-03, not C4.4-04; the retired
 * listing path by C9-01 alone; a token only in the URL of an endpoint C4-01 holds by C4-01.
 */
export const EXPLAINED_BY: Readonly<Record<string, readonly string[] | 'every other'>> = {
  'C4.4-01': ['C4.4-03'],
  'C7-01': 'every other',
};

/** Whether a failure of `explainer` is evidence for `id` (graded after it). */
export function explains(explainer: string, id: string): boolean {
  const explainers = EXPLAINED_BY[id];
  if (explainers === undefined || explainer === id) return false;
  return explainers === 'every other'
    ? EXPLAINED_BY[explainer] === undefined || explainers.includes(explainer)
    : explainers.includes(explainer);
}

/** Whether `id` is graded after the others, knowing their failures. */
export function gradedLast(id: string): boolean {
  return EXPLAINED_BY[id] !== undefined;
}
