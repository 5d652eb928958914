import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JSON_UTF8 } from '../http/error-answer.js';
import { JSON_ONLY_ROUTE } from '../http/body-parsers.js';
import type { RouteFamily } from '../http/route-family.js';
import { runChecks } from '../rules/patch.js';
import type { NotificationsRules } from '../notifications/rules.js';
import type { ImportState } from './import-state.js';
import { importAnswerBody, importErrorFormat, importOwnAnswer } from './errors.js';
import { adStatusAnswer, importStatusAnswer, knownImport, knownListedAd } from './queries.js';
import { adStatusChecks, importChecks, importStatusChecks } from './pipeline.js';
import { adsOf, grantOf, type ImportContext } from './request.js';
import { IMPORT_RULES } from './rules.js';
import { settleImport } from './settle.js';
import type { ImportRecord } from './store.js';

/** Field notes: the import, its status query and one ad's status, on {apps_url}. */
export const IMPORT_PATH = '/autoupload/import';
export const AD_STATUS_PATH = '/autoupload/ads';

/**
 * The ad import's route family (outside the spec; the suite never calls it): its three routes, and
 * their errors as `{reason, message}` down to a path below them no route takes.
 */
/** `notifications`: the notification rules in force, read when a decision is delivered. */
export function importFamily(state: ImportState, notifications: () => NotificationsRules): RouteFamily {
  return {
    name: 'ad import',
    format: importErrorFormat,
    ownAnswer: importOwnAnswer,
    territory: { trees: [IMPORT_PATH, AD_STATUS_PATH] },
    register: (scope) => {
      registerImport(scope, state, notifications);
    },
  };
}

function send(reply: FastifyReply, body: string): FastifyReply {
  return reply.code(200).header('content-type', JSON_UTF8).send(Buffer.from(body, 'utf8'));
}

function checked(request: FastifyRequest, state: ImportState, checks: typeof importChecks): ImportContext {
  const context: ImportContext = { request, state, adImport: state.adImport };
  runChecks(checks(IMPORT_RULES), context);
  return context;
}

/** The client's own clock (the clock helper ages its imports as it ages its codes). */
function nowOf(state: ImportState, clientId: string): number {
  return state.clients.find(clientId)?.clock.now() ?? Date.now();
}

/** The import decided after the moderation's delay (settings: import-moderation-delay). */
function moderate(state: ImportState, notifications: () => NotificationsRules, record: ImportRecord): void {
  const { adImport } = state;
  adImport.moderation.schedule(adImport.settings.values.moderationDelaySeconds * 1000, () => {
    settleImport(state, notifications(), adImport, record);
  });
}

function registerImport(
  app: FastifyInstance,
  state: ImportState,
  notifications: () => NotificationsRules,
): void {
  // Imports a kept sandbox had not decided when it stopped are decided after its restart: the
  // moderation's queue lives in memory, and a client polling their status would wait for ever.
  for (const record of state.adImport.store.waiting()) moderate(state, notifications, record);

  app.put(IMPORT_PATH, JSON_ONLY_ROUTE, (request, reply) => {
    const context = checked(request, state, importChecks);
    const { login, clientId } = grantOf(context);
    const record: ImportRecord = {
      token: importToken(),
      login,
      clientId,
      createdAtMs: nowOf(state, clientId),
      items: adsOf(context).map((ad) => ({
        id: ad.id as string,
        operation:
          ad.operation === 'delete' ? 'delete' : state.ads.find(login, ad.id as string) ? 'edit' : 'insert',
        status: 'queued',
        message: [],
        ...(ad.category === undefined ? {} : { category: ad.category }),
        ...(ad.trigger === undefined ? {} : { trigger: ad.trigger }),
      })),
    };
    state.adImport.store.add(record);
    state.adImport.changed();
    moderate(state, notifications, record);
    return send(reply, importAnswerBody('imported', record.token, []));
  });

  app.post<{ Params: { token: string } }>(`${IMPORT_PATH}/:token`, JSON_ONLY_ROUTE, (request, reply) => {
    const context = checked(request, state, importStatusChecks);
    const record = knownImport(state.adImport, grantOf(context), request.params.token, (clientId) =>
      nowOf(state, clientId),
    );
    return send(reply, JSON.stringify(importStatusAnswer(record)));
  });

  app.get<{ Params: { listId: string } }>(`${AD_STATUS_PATH}/:listId`, (request, reply) => {
    const context = checked(request, state, adStatusChecks);
    const ad = knownListedAd(state.adImport, grantOf(context), request.params.listId);
    return send(reply, JSON.stringify(adStatusAnswer(ad)));
  });
}

/** An import token in the documentation's form: 40 hex digits ("06fb235e216f...f55eae35"). */
function importToken(): string {
  return randomBytes(20).toString('hex');
}
