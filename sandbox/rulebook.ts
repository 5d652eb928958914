import { CATALOGS_RULES } from './catalogs/rules.js';
import { NOTIFICATIONS_RULES } from './notifications/rules.js';
import { AUTHORIZATION_RULES } from './oauth/rules.js';
import { RESOURCES_RULES } from './resources/rules.js';
import type { Rulebook } from './rules/book.js';
import { applyPatches, type Patch } from './rules/patch.js';
import { TOKEN_RULES } from './token/rules.js';

/**
 * Every rule of the sandbox by area and name: what the reference does. Endpoints run the rules of
 * `state.rules`, which is this book with the patches of the process's faults and variants applied.
 */
export const REFERENCE_RULES = {
  authorization: AUTHORIZATION_RULES,
  token: TOKEN_RULES,
  resources: RESOURCES_RULES,
  catalogs: CATALOGS_RULES,
  notifications: NOTIFICATIONS_RULES,
};

declare module './rules/book.js' {
  /** Each area's rules as its table declares them (the spread of its modules' tables). */
  interface Rulebook {
    readonly authorization: Readonly<typeof AUTHORIZATION_RULES>;
    readonly token: Readonly<typeof TOKEN_RULES>;
    readonly resources: Readonly<typeof RESOURCES_RULES>;
    readonly catalogs: Readonly<typeof CATALOGS_RULES>;
    readonly notifications: Readonly<typeof NOTIFICATIONS_RULES>;
  }
}
export type { Rulebook };

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
