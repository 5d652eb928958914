import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import type { SandboxState } from '../state/sandbox-state.js';
import { asBody, optionalString } from './validate.js';

export function registerUserHelpers(app: FastifyInstance, state: SandboxState): void {
  app.post('/users', async (request, reply) => {
    if (state.users.size >= state.caps.users)
      throw new HelperError('BAD_REQUEST', `The sandbox holds at most ${state.caps.users} users.`);
    const body = asBody(request.body);
    const login = optionalString(body, 'login', 128);
    if (login !== undefined && state.users.has(login))
      throw new HelperError('BAD_REQUEST', `Login ${JSON.stringify(login)} is taken.`);
    const user = state.users.create({
      login,
      password: optionalString(body, 'password', 256),
      name: optionalString(body, 'name', 256),
      email: optionalString(body, 'email', 256),
    });
    return reply.code(201).send(user);
  });
}
