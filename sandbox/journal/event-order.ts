/**
 * The order of the journal's events in this process: one counter, taken when a request is read
 * and when its answer has been written. The record's times are rounded to the millisecond; the
 * counter says exactly which came first, so the report card can tell a request read after an
 * answer was written from one that came in the same millisecond before it.
 */
let last = 0;

export function nextEvent(): number {
  last += 1;
  return last;
}
