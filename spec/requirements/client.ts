import type { ClientRequirement } from './client-types.js';
import { CLIENT_REQUIREMENTS_TO_4_4 } from './client-flow.js';
import { CLIENT_REQUIREMENTS_FROM_4_6 } from './client-resources.js';

export type { ClientRequirement } from './client-types.js';

/** The client's requirements (client-types.ts), in the order of the specification: the report card grades them. */
export const CLIENT_REQUIREMENTS: readonly ClientRequirement[] = [
  ...CLIENT_REQUIREMENTS_TO_4_4,
  ...CLIENT_REQUIREMENTS_FROM_4_6,
];

const byId = new Map(CLIENT_REQUIREMENTS.map((found) => [found.id, found]));

export function clientRequirement(id: string): ClientRequirement {
  const found = byId.get(id);
  if (found === undefined)
    throw new Error(`Unknown client requirement id ${id}: add it to spec/requirements/client.ts`);
  return found;
}
