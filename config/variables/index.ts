import type { SettingsOf } from '../declaration.js';
import { ACCOUNT_VARIABLES } from './account.js';
import { INTERNAL_VARIABLES } from './internal.js';
import { PROJECT_VARIABLES } from './project.js';
import { SANDBOX_VARIABLES } from './sandbox.js';
import { TARGET_VARIABLES } from './target.js';

/** Every variable the project reads, in the order the tables and `.env.example` show them. */
export const VARIABLES = [
  ...TARGET_VARIABLES,
  ...ACCOUNT_VARIABLES,
  ...PROJECT_VARIABLES,
  ...SANDBOX_VARIABLES,
  ...INTERNAL_VARIABLES,
] as const;

export type VariableName = (typeof VARIABLES)[number]['name'];

/** The typed values of every declared variable. */
export type Settings = SettingsOf<typeof VARIABLES>;

/** The variables that hold a secret: never printed, redacted wherever they appear. */
export const SECRET_NAMES: readonly string[] = VARIABLES.filter((variable) => variable.secret).map(
  (variable) => variable.name,
);
