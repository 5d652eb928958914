import { SECTION_2 } from './section-2.js';
import { SECTION_3 } from './section-3.js';
import { SECTION_4 } from './section-4.js';
import { SECTION_5 } from './section-5.js';
import { SECTION_6 } from './section-6.js';
import { SECTION_7 } from './section-7.js';
import { SECTION_8 } from './section-8.js';
import { SECTION_9 } from './section-9.js';
import type { Requirement } from './types.js';

/**
 * Every normative sentence of the specification (sections 2 to 9), one file a section. Tests name these ids; `npm run requirements` lists the ids no test covers.
 */
export const REQUIREMENTS: readonly Requirement[] = [
  ...SECTION_2,
  ...SECTION_3,
  ...SECTION_4,
  ...SECTION_5,
  ...SECTION_6,
  ...SECTION_7,
  ...SECTION_8,
  ...SECTION_9,
];

const byId = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

export function requirement(id: string): Requirement {
  const found = byId.get(id);
  if (found === undefined)
    throw new Error(`Unknown requirement id ${id}: add it to spec/requirements/catalogue.ts`);
  return found;
}

/** The client's requirements, a family of their own (spec/requirements/client.ts): never counted above. */
export { CLIENT_REQUIREMENTS, clientRequirement, type ClientRequirement } from './client.js';
