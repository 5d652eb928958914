/**
 * Independent checks side by side: against a far target their round trips overlap instead of
 * adding up. Every check ends before this does (none goes on after its test), and the first failure,
 * in the order given, is thrown: the same failure a sequential loop would have met first.
 */
export async function sideBySide<T>(checks: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
  const settled = await Promise.allSettled(checks.map((check) => check()));
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}
