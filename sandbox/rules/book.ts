import { CATALOGS_RULES } from '../catalogs/rules.js';
import { CATALOGS_SEAMS } from '../catalogs/seams.js';
import { NOTIFICATIONS_RULES } from '../notifications/rules.js';
import { NOTIFICATIONS_SEAMS } from '../notifications/seams.js';
import { AUTHORIZATION_RULES } from '../oauth/rules.js';
import { AUTHORIZATION_SEAMS } from '../oauth/seams.js';
import { RESOURCES_RULES } from '../resources/rules.js';
import { RESOURCES_SEAMS } from '../resources/seams.js';
import { TOKEN_RULES } from '../token/rules.js';
import { TOKEN_SEAMS } from '../token/seams.js';
import { applyPatches, type Patch } from './patch.js';

/**
 * Every rule of the sandbox by area and name, as the reference has it: each area's spec checks
 * (its `*_RULES` table, each rule headed by the requirement ids it enforces) beside the places where
 * a fault or a variant bends it (its `*_SEAMS` table, where the reference does nothing). A patch
 * names a rule of either table: both are one namespace per area.
 */
export const REFERENCE_RULES = {
  authorization: { ...AUTHORIZATION_RULES, ...AUTHORIZATION_SEAMS },
  token: { ...TOKEN_RULES, ...TOKEN_SEAMS },
  resources: { ...RESOURCES_RULES, ...RESOURCES_SEAMS },
  catalogs: { ...CATALOGS_RULES, ...CATALOGS_SEAMS },
  notifications: { ...NOTIFICATIONS_RULES, ...NOTIFICATIONS_SEAMS },
};

/** The rules of every area, each as its tables declare them. */
export type Rulebook = {
  readonly [Area in keyof typeof REFERENCE_RULES]: Readonly<(typeof REFERENCE_RULES)[Area]>;
};

/** What one fault or variant changes: for some areas, some rules. */
export type RulebookPatch = { readonly [Area in keyof Rulebook]?: Patch<Rulebook[Area]> };

/** The rulebook in force: the reference with the given patches applied in order. */
export function rulebookWith(patches: readonly (RulebookPatch | undefined)[]): Rulebook {
  const area = <Area extends keyof Rulebook>(name: Area): Rulebook[Area] =>
    applyPatches<Rulebook[Area]>(
      REFERENCE_RULES[name],
      patches.map((patch) => patch?.[name]),
    );
  return {
    authorization: area('authorization'),
    token: area('token'),
    resources: area('resources'),
    catalogs: area('catalogs'),
    notifications: area('notifications'),
  };
}
