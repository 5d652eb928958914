import { runChecks } from '../rules/patch.js';
import type { CheckName } from './configuration-rules.js';
import type { NotificationRequest } from './context.js';

/**
 * The checks of each endpoint of 4.6, in the order they run (node-oidc-provider's `use(...)`):
 * the caller first, then the configuration named by the path, then the body. The first that
 * fails answers the request.
 */

/** R4.6-05: who calls, with what scope. */
const CALLER = ['bearerToken', 'scopeAutoupload'] as const satisfies readonly CheckName[];

/** R2.7-02 to R2.7-05: the body of create and update. */
const FIELDS = [
  'bodyIsObject',
  'methodIsPost',
  'mediaTypeIsJson',
  'urlIsHttp',
  'urlIsDeliverable',
  'tokenIsPresent',
  'tokenFitsAHeader',
] as const satisfies readonly CheckName[];

/** R4.6-01: create. */
export const CREATE = [...CALLER, ...FIELDS, 'roomForOneMore'] as const;
/** R4.6-02: read. */
export const READ = [...CALLER, 'ownedConfiguration'] as const;
/** R4.6-03: update. */
export const UPDATE = [...CALLER, 'ownedConfiguration', ...FIELDS] as const;
/** R4.6-04: delete. */
export const DELETE = [...CALLER, 'ownedConfiguration'] as const;

/** Runs the declared checks with the rules in force; the request comes back with what they found. */
export function runPipeline(
  pipeline: readonly CheckName[],
  checked: NotificationRequest,
): NotificationRequest {
  runChecks(
    pipeline.map((name) => checked.rules[name]),
    checked,
  );
  return checked;
}
