import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import type { SwitchRegistry } from '../rules/switches.js';
import { LIMITS } from '../http/limits.js';
import { asBody } from './validate.js';

/**
 * An addition to the contract: every switch of the sandbox (each fault, each variant, each setting)
 * read and changed while it runs. `GET /switches` answers `{"switches": [{name, kind, summary,
 * value}]}`; `PUT /switches/{name}` with `{"value": <json>}` (true or false for a fault or a
 * variant) answers the switch as it now is. An unknown name is a 400 that lists the known ones; a
 * value the switch does not take is a 400 that says what it takes. The next request runs under
 * the rules as changed.
 */
export function registerSwitchHelpers(app: FastifyInstance, switches: SwitchRegistry): void {
  app.get('/switches', (_request, reply) => reply.send({ switches: switches.list() }));
  app.put<{ Params: { name: string } }>(
    '/switches/:name',
    { bodyLimit: LIMITS.switchBodyBytes },
    (request, reply) => {
      const body = asBody(request.body);
      if (!Object.hasOwn(body, 'value'))
        throw new HelperError('BAD_REQUEST', 'The body must be {"value": <the new value>}.');
      return reply.send(setSwitch(switches, request.params.name, body.value));
    },
  );
}

function setSwitch(
  switches: SwitchRegistry,
  name: string,
  value: unknown,
): ReturnType<SwitchRegistry['set']> {
  try {
    return switches.set(name, value);
  } catch (error) {
    // A switch says what it takes by the message of the Error it throws (rules/switches.ts).
    if (error instanceof Error) throw new HelperError('BAD_REQUEST', error.message);
    throw error;
  }
}
