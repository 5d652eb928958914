import type { FastifyInstance } from 'fastify';
import { installObservers } from '../journal/hooks.js';
import { journalDeliveries } from '../journal/delivery-recorder.js';
import type { ChaosState } from './chaos-state.js';
import { wrapDeliveries } from './delivery-faults.js';
import { chaosStages, renumberForChaos } from './request-hooks.js';

/**
 * The journal and chaos on a sandbox's two servers and its deliverer (before the servers listen).
 * `chaosAtStart`: a value of the `chaos` switch (settings.ts), or undefined for none.
 */
export function observeSandbox(
  state: ChaosState,
  servers: { auth: FastifyInstance; apps: FastifyInstance },
  chaosAtStart?: unknown,
): void {
  if (chaosAtStart !== undefined) state.chaos.set(chaosAtStart);
  const stages = chaosStages(state);
  installObservers(servers.auth, state, true, stages);
  installObservers(servers.apps, state, false, stages);
  renumberForChaos(state.adImport.catalogs);
  wrapDeliveries(state.deliverer, state.chaos);
  state.deliverer.observer = journalDeliveries(state.journal);
  if (state.journal.enabled) {
    const { journal } = state;
    state.tokens.onRevoked = (token, grant) => {
      journal.revoked.remember(journal.fingerprints.fp(token), grant);
    };
  }
}
