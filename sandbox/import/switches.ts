import type { CatalogEdition } from './catalog-edition.js';
import { renumberingSwitch } from './renumbering-switch.js';
import type { ImportSettings, ImportSettingValues, LoginCondition } from './settings.js';
import type { SandboxSwitch } from '../rules/switches.js';
import { AD_ID_PATTERN } from './vocabulary.js';

/**
 * The ad import's settings and the catalog renumbering as run-time switches (all of kind
 * "setting": the import is outside the spec, so none is a fault or a variant the suite judges).
 * Each `set` validates and says what it accepts.
 */

const DAY = 24 * 3600;

function number(name: string, min: number, max: number, integer: boolean): (value: unknown) => number {
  return (value) => {
    if (typeof value !== 'number' || value < min || value > max || (integer && !Number.isInteger(value)))
      throw new Error(`${name} takes ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
    return value;
  };
}

function ids(value: unknown): readonly string[] {
  const ok =
    Array.isArray(value) &&
    value.length <= 1000 &&
    value.every((id) => typeof id === 'string' && AD_ID_PATTERN.test(id));
  if (!ok)
    throw new Error('import-refused-ids takes an array of at most 1000 ids matching [A-Za-z0-9_{}-]{1,19}');
  return [...(value as string[])];
}

function logins(name: string): (value: unknown) => LoginCondition {
  return (value) => {
    if (typeof value === 'boolean') return value;
    const ok =
      Array.isArray(value) &&
      value.length <= 1000 &&
      value.every((login) => typeof login === 'string' && login !== '' && login.length <= 256);
    if (!ok) throw new Error(`${name} takes true (every user), false (none) or an array of logins`);
    return [...(value as string[])];
  };
}

function slots(value: unknown): number | null {
  if (value === null) return null;
  return number('import-ad-slots', 0, 1_000_000, true)(value);
}

function setting<Key extends keyof ImportSettingValues>(
  settings: ImportSettings,
  name: string,
  key: Key,
  summary: string,
  parse: (value: unknown) => ImportSettingValues[Key],
): SandboxSwitch {
  return {
    name,
    kind: 'setting',
    summary,
    get: () => settings.values[key],
    set: (value) => {
      settings.values = { ...settings.values, [key]: parse(value) };
    },
  };
}

type SettingRow = {
  [Key in keyof ImportSettingValues]: [
    name: string,
    key: Key,
    summary: string,
    parse: (value: unknown) => ImportSettingValues[Key],
  ];
}[keyof ImportSettingValues];

function flag(name: string): (value: unknown) => boolean {
  return (value) => {
    if (typeof value !== 'boolean') throw new Error(`${name} takes true or false`);
    return value;
  };
}

/** Each setting: its switch name, its key, its one line, its parser. */
const SETTING_ROWS: readonly SettingRow[] = [
  [
    'import-moderation-delay',
    'moderationDelaySeconds',
    "seconds from an import to the moderation's decision on its ads (default 2)",
    number('import-moderation-delay', 0, DAY, false),
  ],
  [
    'import-refusal-rate',
    'refusalRate',
    'share of imported ads the moderation refuses (REFUSED_GENERIC), drawn from import-seed (default 0)',
    number('import-refusal-rate', 0, 1, false),
  ],
  ['import-refused-ids', 'refusedIds', 'integrator ids the moderation always refuses (REFUSED_GENERIC)', ids],
  [
    'import-seed',
    'seed',
    "the seed of the moderation's refusal draws (default 1)",
    number('import-seed', 0, 2 ** 31 - 1, true),
  ],
  [
    'import-token-lifetime',
    'tokenLifetimeSeconds',
    'seconds an import token can be queried, then 404 (default 604800, 7 days)',
    number('import-token-lifetime', 1, 365 * DAY, true),
  ],
  [
    'import-ad-slots',
    'adSlots',
    'live ads each user may hold; past it the import answers -7 or -8 (null: no limit)',
    slots,
  ],
  [
    'import-blocked',
    'blocked',
    'the import answers -2 "The request was blocked": true, false or an array of logins',
    logins('import-blocked'),
  ],
  [
    'import-unavailable',
    'unavailable',
    'the import answers -5, unavailable, to everyone (true or false)',
    flag('import-unavailable'),
  ],
  [
    'import-without-permission',
    'withoutPermission',
    'the import answers -6 "Without permission": true, false or an array of logins',
    logins('import-without-permission'),
  ],
  // Production takes what its documentation's samples and the published clients send; each
  // strict-* switch refuses one such leniency, naming the documented rule (docs/sandbox-import.md).
  [
    'strict-phone',
    'strictPhone',
    'the import refuses a phone sent as a string of digits: the documentation types it integer (default false)',
    flag('strict-phone'),
  ],
  [
    'strict-key-spelling',
    'strictKeySpelling',
    "the import refuses the tables' capitalised keys (Subject, Body, Phone): the examples spell them in lower case (default false)",
    flag('strict-key-spelling'),
  ],
  [
    'strict-vehicle-fields',
    'strictVehicleFields',
    'the import refuses a car or motorcycle ad without vehicle_brand and vehicle_model (-4), which the documentation marks optional (default false)',
    flag('strict-vehicle-fields'),
  ],
];

/** The ad import's switches: its settings, then the catalog renumbering. */
export function importSwitches(settings: ImportSettings, catalogs: CatalogEdition): SandboxSwitch[] {
  return [
    ...SETTING_ROWS.map(([name, key, summary, parse]) =>
      setting(settings, name, key, summary, parse as (value: unknown) => ImportSettingValues[typeof key]),
    ),
    renumberingSwitch(catalogs),
  ];
}
