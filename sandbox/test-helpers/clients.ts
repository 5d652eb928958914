import type { FastifyInstance } from 'fastify';
import { HelperError, type AuthorizationErrorCode } from '../../spec/errors.js';
import { MAX_CLOCK_OFFSET_SECONDS } from '../store/clock.js';
import { isAbsoluteWithoutFragment } from '../oauth/check-redirect-uri.js';
import type { AuthorizationRules } from '../oauth/rules.js';
import type { SandboxState } from '../state/sandbox-state.js';
import type { Client } from '../store/clients.js';
import { asBody, integerAtLeast, optionalString, positiveNumber, type Body } from './validate.js';
import { MIN_REDIRECT_URIS } from '../../spec/limits.js';

const INJECTABLE_AUTHORIZE_ERRORS: readonly AuthorizationErrorCode[] = [
  'temporarily_unavailable',
  'server_error',
];

/** Contract section 2: registration (2.1 stands outside the API), clocks, limits and failures. */
export function registerClientHelpers(
  app: FastifyInstance,
  state: SandboxState,
  authorization: () => AuthorizationRules,
): void {
  registerRegistration(app, state, authorization);
  registerClock(app, state);
  registerRateLimit(app, state);
  registerFailures(app, state);
}

/** R2.1-01, R2.1-02: a client with 1 to 3 redirect URIs, answered with its id and secret. */
function registerRegistration(
  app: FastifyInstance,
  state: SandboxState,
  authorization: () => AuthorizationRules,
): void {
  app.post('/clients', async (request, reply) => {
    const rules = authorization();
    if (state.clients.size >= state.caps.clients)
      throw new HelperError('BAD_REQUEST', `The sandbox holds at most ${state.caps.clients} clients.`);
    const body = asBody(request.body);
    const uris = redirectUris(body, rules.maxRedirectUris(), rules.registrableRedirectUris);
    const registered = state.clients.register(uris, optionalString(body, 'name') ?? 'Sandbox client');
    return reply.code(201).send(rules.registrationAnswer(registered.client, registered.secret));
  });
}

function registerClock(app: FastifyInstance, state: SandboxState): void {
  app.post<{ Params: { clientId: string } }>('/clients/:clientId/clock', (request, reply) => {
    const client = findClient(state, request.params.clientId);
    const seconds = positiveNumber(asBody(request.body), 'advance_seconds');
    if (!client.clock.advance(seconds))
      throw new HelperError(
        'BAD_REQUEST',
        `"advance_seconds": a client's clock moves at most ${MAX_CLOCK_OFFSET_SECONDS} seconds in all; it has moved ${client.clock.offsetSeconds()}.`,
      );
    state.clients.changed(client);
    return reply.send({ now: new Date(client.clock.now()).toISOString() });
  });
}

function registerRateLimit(app: FastifyInstance, state: SandboxState): void {
  app.put<{ Params: { clientId: string } }>('/clients/:clientId/rate_limit', (request, reply) => {
    const client = findClient(state, request.params.clientId);
    const body = asBody(request.body);
    client.rateLimit = {
      requests: integerAtLeast(body, 'requests', 1),
      seconds: integerAtLeast(body, 'seconds', 1),
    };
    state.clients.changed(client);
    return reply.send(client.rateLimit);
  });
}

function registerFailures(app: FastifyInstance, state: SandboxState): void {
  app.post<{ Params: { clientId: string } }>('/clients/:clientId/failures', async (request, reply) => {
    const client = findClient(state, request.params.clientId);
    const body = asBody(request.body);
    const count = integerAtLeast(body, 'count', 1);
    const endpoint = body.endpoint;
    if (endpoint === 'published') {
      if (body.error !== undefined)
        throw new HelperError('BAD_REQUEST', '"error" applies only to the authorize endpoint.');
      client.injected.published = count;
      return reply.code(201).send({ endpoint, count });
    }
    if (endpoint !== 'authorize')
      throw new HelperError('BAD_REQUEST', '"endpoint" must be "published" or "authorize".');
    const error = authorizeError(body);
    client.injected.authorize = { count, error };
    return reply.code(201).send({ endpoint, count, error });
  });
}

function findClient(state: SandboxState, clientId: string): Client {
  const client = state.clients.find(clientId);
  if (client === undefined) throw new HelperError('NOT_FOUND', `No client ${JSON.stringify(clientId)}.`);
  return client;
}

/** 2.1 / 8: 1 to 3 redirect URIs (the rules maxRedirectUris and registrableRedirectUris say). */
function redirectUris(body: Body, max: number, registrable: (uris: readonly string[]) => void): string[] {
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length < MIN_REDIRECT_URIS || uris.length > max)
    throw new HelperError('BAD_REQUEST', '"redirect_uris" must hold 1 to 3 URIs.');
  const valid = uris.every(
    (uri): uri is string => typeof uri === 'string' && uri.length <= 2048 && isAbsoluteWithoutFragment(uri),
  );
  if (!valid)
    throw new HelperError('BAD_REQUEST', 'Each redirect URI must be an absolute URI without fragment.');
  registrable(uris);
  if (new Set(uris).size !== uris.length)
    throw new HelperError('BAD_REQUEST', 'Redirect URIs must be distinct.');
  return uris;
}

function authorizeError(body: Body): AuthorizationErrorCode {
  const error = body.error ?? 'temporarily_unavailable';
  const allowed = INJECTABLE_AUTHORIZE_ERRORS.find((candidate) => candidate === error);
  if (allowed === undefined)
    throw new HelperError('BAD_REQUEST', '"error" must be "temporarily_unavailable" or "server_error".');
  return allowed;
}
