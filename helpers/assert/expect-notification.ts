import { test } from '@playwright/test';
import { parseJsonBody, type HttpExchange } from '../record/exchange.js';
import type { NotificationClient, NotificationSettings } from '../clients/notification-client.js';
import { schemaViolations } from './schemas.js';
import { verify } from './verify.js';

/** A configuration as 2.7 shows it on create and read. */
export interface NotificationConfig {
  id: string;
  method: 'POST';
  url: string;
  media_type: 'application/json';
  token: string;
  type: 'AD_STATUS';
}

const FIELD_REQUIREMENT: Record<string, string> = {
  id: 'R2.7-01',
  method: 'R2.7-02',
  url: 'R2.7-03',
  media_type: 'R2.7-04',
  token: 'R2.7-05',
  type: 'R2.7-06',
};

/**
 * A configuration returned by create or read (2.7, 4.6): a 2xx with the six fields, valid against
 * schemas/openapi.yaml#/components/schemas/notification-config, holding what was last sent.
 */
export function expectConfiguration(
  exchange: HttpExchange,
  sent: NotificationSettings,
  ids: readonly string[],
): NotificationConfig {
  const { status } = exchange.response;
  verify(
    status >= 200 && status < 300,
    ids,
    'a 2xx answer with the configuration',
    `HTTP ${status}`,
    exchange,
  );
  const body = parseJsonBody(exchange);
  const violations = schemaViolations('notification-config', body);
  const field = violations.map((line) => /^\/(\w+)|'(\w+)'/.exec(line)).find((match) => match !== null);
  const fieldName = field?.[1] ?? field?.[2] ?? '';
  verify(
    violations.length === 0,
    ['R2.7-07', FIELD_REQUIREMENT[fieldName] ?? 'R2.7-07', ...ids],
    'a body valid against schemas/openapi.yaml#/components/schemas/notification-config (id, method, url, media_type, token, type)',
    body === undefined ? 'a body that is not JSON' : violations.join('; '),
    exchange,
  );
  const config = body as NotificationConfig;
  for (const name of ['method', 'url', 'media_type', 'token'] as const) {
    verify(
      config[name] === sent[name],
      ['R2.7-07', FIELD_REQUIREMENT[name] ?? 'R2.7-07', ...ids],
      `${name} ${JSON.stringify(sent[name])}, as last sent`,
      `${name} ${JSON.stringify(config[name])}`,
      exchange,
    );
  }
  return config;
}

/** A request the server must refuse: any status of 400 or more (the spec does not show which). */
export function expectRefused(exchange: HttpExchange, ids: readonly string[], why: string): void {
  const { status } = exchange.response;
  verify(status >= 400, ids, `a refusal (HTTP 4xx or 5xx): ${why}`, `HTTP ${status}`, exchange);
}

/** An operation the server must accept: update and delete answer any 2xx (bodies not shown). */
export function expectAccepted(exchange: HttpExchange, ids: readonly string[], what: string): void {
  const { status } = exchange.response;
  verify(status >= 200 && status < 300, ids, `a 2xx answer: ${what}`, `HTTP ${status}`, exchange);
}

/**
 * A delete accepted: a 2xx. After an edge met an earlier attempt, a 404 too: that attempt may have
 * reached the API and deleted the configuration, and a delete is idempotent in its effect, not in
 * its answer (RFC 9110 9.2.2). The test then checks the effect (a read refused, nothing delivered).
 */
export function expectDeleted(exchange: HttpExchange, ids: readonly string[], what: string): void {
  const { status } = exchange.response;
  const hidden = exchange.afterEdgeAttempts !== undefined && status === 404;
  if (hidden)
    test.info().annotations.push({
      type: 'edge retry',
      description: `${what}: HTTP 404 after ${exchange.afterEdgeAttempts} attempt(s) the edge answered, taken as the earlier attempt's delete`,
    });
  verify((status >= 200 && status < 300) || hidden, ids, `a 2xx answer: ${what}`, `HTTP ${status}`, exchange);
}

/**
 * Read, update and delete of one configuration, each refused to a token that may not touch it
 * (another user's, or one without autoupload): `whose` says which, in each failure's words.
 */
export async function expectReadUpdateDeleteRefused(
  notifications: NotificationClient,
  token: string,
  id: string,
  update: NotificationSettings,
  ids: readonly string[],
  whose: string,
): Promise<void> {
  expectRefused(await notifications.read(token, id), ids, `read ${whose}`);
  expectRefused(await notifications.update(token, id, update), ids, `update ${whose}`);
  expectRefused(await notifications.remove(token, id), ids, `delete ${whose}`);
}
