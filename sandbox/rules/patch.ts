/**
 * How a fault or a variant changes the sandbox without a branch in the reference code: it names
 * rules of an area and, for each, a function that takes the rule in force (the reference, or the
 * reference as an earlier switch already changed it) and returns the rule to use. A replacement
 * ignores its argument; a wrapper calls it and changes what goes in or comes out.
 */
export type Patch<Rules> = { readonly [Name in keyof Rules]?: (rule: Rules[Name]) => Rules[Name] };

/** The reference rules with each patch applied in order, frozen: a switch makes a new set, never edits one. */
export function applyPatches<Rules extends object>(
  reference: Rules,
  patches: readonly (Patch<Rules> | undefined)[],
): Rules {
  const rules: Rules = { ...reference };
  for (const patch of patches) {
    if (patch === undefined) continue;
    for (const name of Object.keys(patch) as (keyof Rules)[]) rules[name] = replaceRule(rules, patch, name);
  }
  return Object.freeze(rules);
}

function replaceRule<Rules, Name extends keyof Rules>(
  rules: Rules,
  patch: Patch<Rules>,
  name: Name,
): Rules[Name] {
  const change = patch[name];
  return change === undefined ? rules[name] : change(rules[name]);
}

/** A check of an endpoint's pipeline: returns when the request passes it, throws the endpoint's error. */
export type Check<Context> = (context: Context) => void;

/** A check that may also answer at once (the listing's and basic user info's: only a fault does). */
export type AnsweringCheck<Context, Answer> = (context: Context) => Answer | undefined;

/**
 * Runs an endpoint's checks in their declared order: the first that throws ends the request, the
 * first that returns an answer ends it with that answer (undefined: every check passed). Each
 * pipeline lists its checks as rules in force (`rules.tokenValid`, rules/in-force.ts), so a fault's or a
 * variant's patch of the rule is what runs, and an editor follows the name to the check.
 */
export function runChecks<Context, Answer>(
  checks: readonly AnsweringCheck<Context, Answer>[],
  context: Context,
): Answer | undefined;
export function runChecks<Context>(checks: readonly Check<Context>[], context: Context): void;
export function runChecks<Context, Answer>(
  checks: readonly ((context: Context) => unknown)[],
  context: Context,
): Answer | undefined {
  for (const check of checks) {
    const answered = check(context);
    if (answered !== undefined) return answered as Answer;
  }
  return undefined;
}

/** A patch that replaces a rule by one that always gives `value`, whatever it is asked. */
export const always =
  <Value>(value: Value) =>
  (): (() => Value) =>
  () =>
    value;
