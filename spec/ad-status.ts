/**
 * Section 3: the public ad statuses the specification lists. The set can grow or lose values, so
 * nothing may reject a status outside it; the sandbox's faults and the suite's generators use it.
 */
export const SECTION_3_STATUSES = ['pending_review', 'published', 'deleted', 'refused'] as const;

export function isSection3Status(status: string): boolean {
  return (SECTION_3_STATUSES as readonly string[]).includes(status);
}
