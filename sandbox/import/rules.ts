import { BODY_RULES } from './check-body.js';
import { CALLER_RULES } from './check-caller.js';
import { CONDITION_RULES } from './check-conditions.js';
import { CONTENT_RULES } from './check-content.js';
import { SLOT_RULES } from './check-slots.js';

/**
 * The ad import's rules by name (outside the spec: each module heads its rules with the field
 * notes' facts it enforces). The pipelines (pipeline.ts) list them in order; a rule is written once.
 */
export const IMPORT_RULES = {
  ...CALLER_RULES,
  ...CONDITION_RULES,
  ...BODY_RULES,
  ...CONTENT_RULES,
  ...SLOT_RULES,
};

export type ImportRules = Readonly<typeof IMPORT_RULES>;
