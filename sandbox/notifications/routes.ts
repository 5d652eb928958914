import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ListingError, NotificationError } from '../../spec/errors.js';
import { bearerGrant } from '../resources/bearer.js';
import type { SandboxState } from '../state.js';
import { publicView, type NotificationConfig, type Owner } from '../store/notifications.js';
import { parseSettings } from './settings.js';
import { NOTIFICATION_PATH } from '../../spec/paths.js';

const UNVERSIONED_PATH = '/autoservice/notification';

type WithId = FastifyRequest<{ Params: { id: string } }>;

/**
 * 4.6: CRUD of the caller's notification configurations, Bearer token with scope autoupload. The
 * spec shows neither statuses nor the bodies of update and delete; the sandbox's choice: create
 * 201 and read 200 with the six fields, update 200 with the six fields, delete 204 with no body.
 * Errors are `{reason, message}` (NOTIFICATION_ERROR_STATUS); a configuration of another user or
 * client is a 404, like an unknown id, so that its existence is not revealed.
 */
export function registerNotifications(app: FastifyInstance, state: SandboxState): void {
  const { faults } = state;
  const path = faults.has('notify-path-without-v1') ? UNVERSIONED_PATH : NOTIFICATION_PATH;
  app.post(path, (request, reply) => {
    const who = owner(request, state);
    const settings = parseSettings(request.body, faults, state.deliveryPolicy);
    const refusal = state.notifications.refusal(who);
    if (refusal !== null) throw new NotificationError('BAD_REQUEST', refusal);
    const created = state.notifications.create(settings, who, faults.has('notify-id-not-uuid'));
    if (faults.has('notify-create-returns-id-only')) return reply.code(201).send({ id: created.id });
    return reply.code(201).send(publicView(created, faults));
  });
  app.get(`${path}/:id`, (request: WithId, reply) => {
    const config = find(state, request.params.id, owner(request, state));
    if (faults.has('notify-read-not-found')) throw new NotificationError('NOT_FOUND', 'Not found.');
    const { token, ...withoutToken } = publicView(config, faults);
    return reply.send(faults.has('notify-read-hides-token') ? withoutToken : { ...withoutToken, token });
  });
  app.put(`${path}/:id`, (request: WithId, reply) => {
    const config = find(state, request.params.id, owner(request, state));
    const next = parseSettings(request.body, faults, state.deliveryPolicy);
    if (faults.has('notify-update-not-persisted'))
      return reply.send(publicView({ ...config, ...next }, faults));
    state.notifications.update(config, next, !faults.has('notify-old-url-after-update'));
    return reply.send(publicView(config, faults));
  });
  app.delete(`${path}/:id`, (request: WithId, reply) => {
    const config = find(state, request.params.id, owner(request, state));
    const keepDelivering = faults.has('notify-after-delete');
    state.notifications.delete(config.id, keepDelivering);
    // A delete stops deliveries: what waits in the queue, and retries of what is in flight.
    if (!keepDelivering) state.deliverer.purge(config.id);
    return reply.code(204).send();
  });
}

/** 4.6: the Bearer token must be valid and carry autoupload; the configuration's owner is its user and client. */
function owner(request: FastifyRequest, state: SandboxState): Owner {
  let grant;
  try {
    grant = bearerGrant(request, state.tokens);
  } catch (error) {
    if (error instanceof ListingError)
      throw new NotificationError(
        error.reason === 'BAD_REQUEST' ? 'BAD_REQUEST' : 'ACCESS_DENIED',
        'A valid "Authorization: Bearer <token>" header is required.',
      );
    throw error;
  }
  const accepted =
    grant.scopes.includes('autoupload') ||
    (state.faults.has('notify-accepts-autoservice') && grant.scopes.includes('autoservice'));
  if (!accepted && !state.faults.has('notify-scope-not-checked'))
    throw new NotificationError('ACCESS_SCOPE_DENIED', 'The token lacks the autoupload scope.');
  return { login: grant.login, clientId: grant.clientId };
}

function find(state: SandboxState, id: string, who: Owner): NotificationConfig {
  const config = state.faults.has('notify-any-owner')
    ? state.notifications.byId(id)
    : state.notifications.owned(id, who);
  if (config === undefined) throw new NotificationError('NOT_FOUND', 'No such notification configuration.');
  return config;
}
