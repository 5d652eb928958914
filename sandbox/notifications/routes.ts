import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NotificationConfig } from '../store/notifications.js';
import type { TokenStore } from '../store/tokens.js';
import { configOf, ownerOf, type NotificationRequest } from './context.js';
import type { DeliveryPolicy } from './delivery-policy.js';
import type { StatusChangeState } from './notify.js';
import { createChecks, deleteChecks, readChecks, runPipeline, updateChecks } from './pipelines.js';
import type { NotificationsRules } from './rules.js';
import { readSettings, settingsOf } from './settings.js';

type WithId = FastifyRequest<{ Params: { id: string } }>;

/**
 * What the endpoints reach of the sandbox's state (the whole state is one): the area takes these
 * from the state the servers hand it, and imports nothing of the state's own module.
 */
export interface NotificationsState extends StatusChangeState {
  readonly tokens: TokenStore;
  readonly deliveryPolicy: DeliveryPolicy;
}

/**
 * 4.6: CRUD of the caller's notification configurations, Bearer token with scope autoupload. Each
 * endpoint runs its declared checks (pipelines.ts), then does its work through the rules in force.
 * The spec shows neither statuses nor the bodies of update and delete; the sandbox's choice: create
 * 201 and read 200 with the six fields, update 200 with the six fields, delete 204 with no body.
 * Errors are `{reason, message}` (NOTIFICATION_ERROR_STATUS).
 */
export function registerNotifications(
  app: FastifyInstance,
  state: NotificationsState,
  inForce: () => NotificationsRules,
): void {
  const path = inForce().configurationPath();
  const checked = (request: FastifyRequest, rules: NotificationsRules, id?: string): NotificationRequest => ({
    request,
    id,
    tokens: state.tokens,
    store: state.notifications,
    policy: state.deliveryPolicy,
    rules,
    sent: readSettings(request.body),
  });
  app.post(path, (request, reply) => {
    const rules = inForce();
    const created = runPipeline(createChecks, rules, checked(request, rules));
    const config = createConfiguration(state, rules, created);
    return reply.code(201).send(rules.createdBody(rules.configurationView(config)));
  });
  app.get(`${path}/:id`, (request: WithId, reply) => {
    const rules = inForce();
    const read = runPipeline(readChecks, rules, checked(request, rules, request.params.id));
    return reply.send(rules.readBody(rules.configurationView(configOf(read))));
  });
  app.put(`${path}/:id`, (request: WithId, reply) => {
    const rules = inForce();
    const updated = runPipeline(updateChecks, rules, checked(request, rules, request.params.id));
    const settings = settingsOf(updated.sent);
    const config = rules.savedUpdate(state.notifications, configOf(updated), settings);
    return reply.send(rules.configurationView(config));
  });
  app.delete(`${path}/:id`, (request: WithId, reply) => {
    const rules = inForce();
    const config = configOf(runPipeline(deleteChecks, rules, checked(request, rules, request.params.id)));
    const stopsDeliveries = rules.storedDelete(state.notifications, config);
    // A delete stops deliveries: what waits in the queue, and retries of what is in flight.
    if (stopsDeliveries) state.deliverer.purge(config.id);
    return reply.code(204).send();
  });
}

/** R4.6-01: stores a new configuration through the rules in force, and sends the ping they may ask for. */
function createConfiguration(
  state: NotificationsState,
  rules: NotificationsRules,
  created: NotificationRequest,
): NotificationConfig {
  const config = rules.storedCreate(
    state.notifications,
    settingsOf(created.sent),
    ownerOf(created),
    rules.configurationId,
  );
  const ping = rules.createdPing(config);
  if (ping !== null)
    state.deliverer.enqueue(config.id, {
      login: config.owner.login,
      ...rules.deliveryUrl(config),
      token: config.token,
      body: ping,
    });
  return config;
}
