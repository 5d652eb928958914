import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import { sameSecret } from '../store/crypto.js';
import type { RulesInForce } from '../rules/in-force.js';
import type { SwitchRegistry } from '../rules/switches.js';
import type { SandboxState } from '../state/sandbox-state.js';
import { registerAdHelpers } from './ads.js';
import { registerClientHelpers } from './clients.js';
import { registerDeliveryHelpers } from './deliveries.js';
import { registerJournalHelper } from './journal.js';
import { registerSwitchHelpers } from './switches.js';
import { registerUserHelpers } from './users.js';
import { TEST_HELPERS_PREFIX } from '../../spec/paths.js';

export const HELPERS_PREFIX = TEST_HELPERS_PREFIX;

/** What the test helpers reach: the state, the rules in force, and the switches that change them. */
export interface HelpedSandbox {
  state: SandboxState;
  rules: RulesInForce;
  switches: SwitchRegistry;
}

/** Contract section 2, served only when the sandbox has a control key (otherwise 404 everywhere). */
export function registerTestHelpers(app: FastifyInstance, sandbox: HelpedSandbox, controlKey: string): void {
  const { state, rules } = sandbox;
  void app.register(
    (helpers, _options, done) => {
      helpers.addHook('onRequest', (request, _reply, next) => {
        const key = request.headers['x-sandbox-key'];
        const allowed = typeof key === 'string' && sameSecret(key, controlKey);
        next(allowed ? undefined : new HelperError('ACCESS_DENIED', 'Missing or wrong X-Sandbox-Key.'));
      });
      registerClientHelpers(helpers, state, () => rules.current.authorization);
      registerUserHelpers(helpers, state);
      registerAdHelpers(helpers, state, () => rules.current.notifications);
      registerDeliveryHelpers(helpers, state);
      registerJournalHelper(helpers, state);
      registerSwitchHelpers(helpers, sandbox.switches);
      done();
    },
    { prefix: HELPERS_PREFIX },
  );
}
