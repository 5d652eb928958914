import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import type { SandboxState } from '../state/sandbox-state.js';

/**
 * An addition to the contract (README): `GET /users/{login}/deliveries` answers 200
 * `{"deliveries": [...]}`, the newest attempts at delivering this user's notifications, oldest
 * first: url, attempt, outcome (delivered, failed, refused, dropped, cancelled), the receiver's
 * status or the error, and the delivery policy's refusals. Never the token.
 */
export function registerDeliveryHelpers(app: FastifyInstance, state: SandboxState): void {
  app.get<{ Params: { login: string } }>('/users/:login/deliveries', (request, reply) => {
    const { login } = request.params;
    if (!state.users.has(login)) throw new HelperError('NOT_FOUND', `No user ${JSON.stringify(login)}.`);
    return reply.send({ deliveries: state.deliveryLog.of(login) });
  });
}
