import { isApiError } from '../spec/errors.js';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { reasonedAnswer, type ErrorAnswer, type Failure } from './http/error-answer.js';
import type { RouteErrorAnswer } from './http/error-handling.js';
import { statusOf } from './http/error-status.js';
import { reasonedFormat } from './http/reasons.js';
import type { RouteFamily } from './http/route-family.js';
import { registerNotifications } from './notifications/routes.js';
import { registerOpenApiDocument } from './openapi.js';
import { registerBasicUserInfo } from './resources/basic-user-info.js';
import type { RulesInForce } from './rules/in-force.js';
import type { SwitchRegistry } from './rules/switches.js';
import type { SandboxState } from './state/sandbox-state.js';
import { registerTestHelpers } from './test-helpers/index.js';

/**
 * The resource server's route families other than the listing's and the catalogs' (each declared
 * beside its routes): the test helpers, with the contract's errors, and the rest (basic user
 * info, notifications, the OpenAPI document) with `{reason, message}`.
 */

/**
 * The test helpers (contract section 2), served only with a usable control key; their paths are
 * the family's either way, so that a sandbox without them answers 404 in the contract's format.
 */
export function helperFamily(
  sandbox: { state: SandboxState; rules: RulesInForce; switches: SwitchRegistry },
  controlKey: string | null,
): RouteFamily {
  return {
    name: 'test helpers',
    format: helperFormat,
    ownAnswer: (error) =>
      isApiError(error, 'helper') ? reasonedAnswer(statusOf(error), error.code, error.message) : undefined,
    territory: { trees: [TEST_HELPERS_PREFIX] },
    register: (scope) => {
      if (controlKey !== null) registerTestHelpers(scope, sandbox, controlKey);
    },
  };
}

/** Basic user info (4.3), notifications (4.6), the OpenAPI document: `{reason, message}`, anywhere else. */
export function otherFamily(state: SandboxState, rules: RulesInForce): RouteFamily {
  return {
    name: 'other endpoints',
    format: reasonedFormat,
    ownAnswer: reasonedOwnAnswer,
    territory: {},
    register: (scope) => {
      registerBasicUserInfo(scope, state, () => rules.current.resources);
      registerNotifications(scope, state, () => rules.current.notifications);
      registerOpenApiDocument(scope);
    },
  };
}

const reasonedOwnAnswer: RouteErrorAnswer = (error) => {
  if (isApiError(error, 'notification', 'basicInfo'))
    return reasonedAnswer(statusOf(error), error.code, error.message);
  return undefined;
};

/** Contract section 2: 401 ACCESS_DENIED, 404 NOT_FOUND, every other refusal 400 BAD_REQUEST. */
function helperFormat(failure: Failure): ErrorAnswer {
  if (failure.status >= 500) return reasonedFormat(failure);
  if (failure.status === 401 || failure.status === 404) return reasonedFormat(failure);
  return reasonedAnswer(400, 'BAD_REQUEST', failure.message);
}
