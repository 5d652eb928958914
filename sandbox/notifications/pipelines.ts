import { runChecks, type Check } from '../rules/patch.js';
import type { NotificationRequest } from './context.js';
import type { NotificationsRules } from './rules.js';

type NotificationChecks = readonly Check<NotificationRequest>[];

/**
 * The checks of each endpoint of 4.6, in the order they run (node-oidc-provider's `use(...)`):
 * the caller first, then the configuration named by the path, then the body. The first that
 * fails answers the request.
 */

/** R4.6-05: who calls, with what scope. */
const caller = (rules: NotificationsRules): NotificationChecks => [rules.bearerToken, rules.scopeAutoupload];

/** R2.7-02 to R2.7-05: the body of create and update. */
const fields = (rules: NotificationsRules): NotificationChecks => [
  rules.bodyIsObject,
  rules.methodIsPost,
  rules.mediaTypeIsJson,
  rules.urlIsHttp,
  rules.urlIsDeliverable,
  rules.tokenIsPresent,
  rules.tokenFitsAHeader,
];

/** R4.6-01: create. */
export const createChecks = (rules: NotificationsRules): NotificationChecks => [
  ...caller(rules),
  ...fields(rules),
  rules.roomForOneMore,
];
/** R4.6-02: read. */
export const readChecks = (rules: NotificationsRules): NotificationChecks => [
  ...caller(rules),
  rules.ownedConfiguration,
];
/** R4.6-03: update. */
export const updateChecks = (rules: NotificationsRules): NotificationChecks => [
  ...caller(rules),
  rules.ownedConfiguration,
  ...fields(rules),
];
/** R4.6-04: delete. */
export const deleteChecks = (rules: NotificationsRules): NotificationChecks => [
  ...caller(rules),
  rules.ownedConfiguration,
];

/** Runs an endpoint's checks with the rules in force; the request comes back with what they found. */
export function runPipeline(
  pipeline: (rules: NotificationsRules) => NotificationChecks,
  rules: NotificationsRules,
  checked: NotificationRequest,
): NotificationRequest {
  runChecks(pipeline(rules), checked);
  return checked;
}
