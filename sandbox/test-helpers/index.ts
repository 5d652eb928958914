import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import { sameSecret } from '../crypto.js';
import type { SandboxState } from '../state.js';
import { registerAdHelpers } from './ads.js';
import { registerClientHelpers } from './clients.js';
import { registerDeliveryHelpers } from './deliveries.js';
import { registerJournalHelper } from './journal.js';
import { registerUserHelpers } from './users.js';
import { TEST_HELPERS_PREFIX } from '../../spec/paths.js';

export const HELPERS_PREFIX = TEST_HELPERS_PREFIX;

/** Contract section 2, served only when the sandbox has a control key (otherwise 404 everywhere). */
export function registerTestHelpers(app: FastifyInstance, state: SandboxState, controlKey: string): void {
  void app.register(
    (helpers, _options, done) => {
      helpers.addHook('onRequest', (request, _reply, next) => {
        const key = request.headers['x-sandbox-key'];
        const allowed = typeof key === 'string' && sameSecret(key, controlKey);
        next(allowed ? undefined : new HelperError('ACCESS_DENIED', 'Missing or wrong X-Sandbox-Key.'));
      });
      registerClientHelpers(helpers, state);
      registerUserHelpers(helpers, state);
      registerAdHelpers(helpers, state);
      registerDeliveryHelpers(helpers, state);
      registerJournalHelper(helpers, state);
      done();
    },
    { prefix: HELPERS_PREFIX },
  );
}
