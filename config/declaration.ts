/**
 * The shape of one environment variable's declaration. Every variable the project reads is declared
 * once, in `variables/`, with this shape: the start validates them together (validate.ts), the code
 * gets typed values (environment.ts), and `.env.example`, the tables of docs/configuration.md, the
 * `--help` list and the workflow lint's lists are made from the same declarations (render.ts).
 */

/** How a value is written and read. */
export type Kind =
  /** Any text (a login, a selector, a command). */
  | 'text'
  /** An absolute http(s) URL. */
  | 'url'
  /** A whole number, within `minimum` and `maximum` when given. */
  | 'integer'
  /** A number (fractions allowed), within `minimum` and `maximum` when given. */
  | 'number'
  /** `1` (on) or `0` (off); read as a boolean. */
  | 'flag'
  /** One of `choices`. */
  | 'choice'
  /** A file or folder path. */
  | 'path';

/** Which table a variable sits in, and who sets it. */
export type Group =
  /** Contract section 1: the target, its client and user, the helpers, the receiver, the pages. */
  | 'target'
  /** Contract section 3 and this project's additions: what an account holds, without test helpers. */
  | 'account'
  /** The suite's own switches. */
  | 'project'
  /** The reference sandbox (embedded or standalone). */
  | 'sandbox'
  /** Set by the run itself for its workers and children: never by hand. */
  | 'internal'
  /** Read by the self-tests, benchmarks and tools only. */
  | 'tooling'
  /** Set by the system or another program (CI, PATH, Playwright); read, never documented as ours. */
  | 'outside';

/** When the variable matters. */
export type Mode = 'every mode' | 'account' | 'helpers' | 'embedded' | 'standalone sandbox' | 'tools';

export interface Variable {
  readonly name: string;
  readonly kind: Kind;
  readonly choices?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  /** The value when unset, as it would be written in `.env`; none: unset means "not given". */
  readonly default?: string;
  readonly group: Group;
  readonly mode: Mode;
  /** A secret is never printed, in any output; the nightly passes it from `secrets.`. */
  readonly secret: boolean;
  /** What it does, for a reader who has not seen the code. */
  readonly doc: string;
  /** What unset means, for the tables (shorter than `doc`). */
  readonly unset: string;
  /** Why the nightly workflow does not pass it; absent: the nightly must pass it (lint:workflows). */
  readonly notNightly?: string;
}

/** Declares variables, keeping their literal types (names, kinds, defaults) for the typed settings. */
export function declare<const V extends readonly Variable[]>(variables: V): V {
  return variables;
}

type ValueOf<V extends Variable> = V extends { kind: 'integer' | 'number' }
  ? number
  : V extends { kind: 'flag' }
    ? boolean
    : V extends { kind: 'choice'; choices: readonly (infer C)[] }
      ? C
      : string;

/** The typed values of declared variables: a default makes a value always present. */
export type SettingsOf<V extends readonly Variable[]> = {
  readonly [D in V[number] as D['name']]: D extends { default: string } ? ValueOf<D> : ValueOf<D> | undefined;
};
