/**
 * The ad import's settings, each a switch (switches.ts) a user can change while the sandbox runs.
 * The defaults are the sandbox's statement of what the field notes leave open
 * (docs/sandbox-import.md): a decision two seconds after the import, no refusal unless asked, an
 * import token that lives 7 days (the field notes' "at most 7 days"), no slot limit.
 */

/** Logins a condition applies to: every user (true), none (false), or those named. */
export type LoginCondition = boolean | readonly string[];

export interface ImportSettingValues {
  /** Seconds from an import to the moderation's decision on each of its ads. */
  moderationDelaySeconds: number;
  /** Share (0 to 1) of inserts the moderation refuses (REFUSED_GENERIC), drawn from `seed`. */
  refusalRate: number;
  /** Integrator ids the moderation always refuses (REFUSED_GENERIC). */
  refusedIds: readonly string[];
  /** What the refusal draws are made from: the same seed, the same decisions. */
  seed: number;
  /** Seconds an import token can be queried; then the query answers 404. */
  tokenLifetimeSeconds: number;
  /** Live ads (published or in review) each user may hold; null: no limit but the sandbox's caps. */
  adSlots: number | null;
  /** statusCode -2: the request was blocked. */
  blocked: LoginCondition;
  /** statusCode -5: the import is unavailable (to everyone). */
  unavailable: boolean;
  /** statusCode -6: without permission (an account condition). */
  withoutPermission: LoginCondition;
  /** strict-phone: a phone given as a string of digits is refused (documented an integer). */
  strictPhone: boolean;
  /** strict-key-spelling: a capitalised key (`Subject`, the tables' spelling) is refused. */
  strictKeySpelling: boolean;
  /** strict-vehicle-fields: a car or motorcycle ad without vehicle_brand and vehicle_model is -4. */
  strictVehicleFields: boolean;
}

export const DEFAULT_IMPORT_SETTINGS: Readonly<ImportSettingValues> = {
  moderationDelaySeconds: 2,
  refusalRate: 0,
  refusedIds: [],
  seed: 1,
  tokenLifetimeSeconds: 7 * 24 * 3600,
  adSlots: null,
  blocked: false,
  unavailable: false,
  withoutPermission: false,
  strictPhone: false,
  strictKeySpelling: false,
  strictVehicleFields: false,
};

/** Whether a login condition holds for this login. */
export function appliesTo(condition: LoginCondition, login: string): boolean {
  return typeof condition === 'boolean' ? condition : condition.includes(login);
}

/** The current values, changed only through the switches (switches.ts). */
export class ImportSettings {
  values: ImportSettingValues;

  constructor(initial: Partial<ImportSettingValues> = {}) {
    this.values = { ...DEFAULT_IMPORT_SETTINGS, ...initial };
  }
}
