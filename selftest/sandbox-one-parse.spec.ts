import { expect, test } from '@playwright/test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { NOTIFICATION_PATH } from '../spec/paths.js';
import { buildAppsServer } from '../sandbox/apps-server.js';
import { notifyStatusChange } from '../sandbox/notifications/notify.js';
import { switchRegistry } from '../sandbox/rule-switches.js';
import { RulesInForce } from '../sandbox/rules/in-force.js';
import { createState, type SandboxState } from '../sandbox/state/sandbox-state.js';
import { DeliveryReceiver } from './support/delivery-receiver.js';

/**
 * One parse per value: a notification url is parsed once by the request that sends it (the route
 * reads the body into typed settings, and every check, the stored configuration and each delivery
 * read those), or once when a kept row is read back at start; from there to the receiver's socket
 * nothing parses it again. Counted by a stand-in for the global URL constructor.
 */

interface Sandbox {
  rules: RulesInForce;
  state: SandboxState;
  apps: FastifyInstance;
  close: () => Promise<void>;
}

function sandbox(): Sandbox {
  const rules = new RulesInForce();
  const state = createState(() => rules.current);
  const apps = buildAppsServer({ state, rules, switches: switchRegistry(rules) }, null, {
    logRequests: false,
  });
  return {
    rules,
    state,
    apps,
    close: async () => {
      await apps.close();
      await state.deliverer.close();
    },
  };
}

/** Runs `during` with the global URL constructor counting the parses of `url` into `parses`. */
async function countingParses(url: string, parses: string[], during: () => Promise<void>): Promise<void> {
  const Original = globalThis.URL;
  class CountingUrl extends Original {
    constructor(input: string | URL, base?: string | URL) {
      super(input, base);
      if (String(input) === url) parses.push(String(input));
    }
  }
  globalThis.URL = CountingUrl;
  try {
    await during();
  } finally {
    globalThis.URL = Original;
  }
}

function headersOf(on: Sandbox, login: string): Record<string, string> {
  const token = on.state.tokens.issue({
    clientId: `cl_${login}`,
    login,
    scopes: ['autoupload'],
    issuedAtMs: Date.now(),
  });
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

function bodyFor(url: string): Record<string, string> {
  return { method: 'POST', url, media_type: 'application/json', token: 'receiver-token' };
}

/** 4.6 create, in process: a configuration delivering to `url`, for the token in `headers`. */
function create(on: Sandbox, headers: Record<string, string>, url: string): Promise<LightMyRequestResponse> {
  return on.apps.inject({ method: 'POST', url: NOTIFICATION_PATH, headers, payload: bodyFor(url) });
}

/** A status change of one of the user's ads, as the test helper would make it. */
function changeOf(login: string): Parameters<typeof notifyStatusChange>[2] {
  return {
    login,
    adId: 'one-parse-ad',
    listId: undefined,
    status: 'published',
    previousStatus: 'pending_review',
    changedAt: new Date(),
  };
}

test('a notification url is parsed once per create and once per update', async () => {
  const on = sandbox();
  const url = 'https://receiver.one-parse.example/hooks/ad-status';
  const headers = headersOf(on, 'one-parse');
  const parses: string[] = [];
  try {
    await countingParses(url, parses, async () => {
      const created = await create(on, headers, url);
      expect(created.statusCode, created.body).toBe(201);
      expect(parses).toHaveLength(1);
      const id = String(created.json<{ id: unknown }>().id);
      const updated = await on.apps.inject({
        method: 'PUT',
        url: `${NOTIFICATION_PATH}/${id}`,
        headers,
        payload: bodyFor(url),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(parses).toHaveLength(2);
      expect(updated.json<{ url: unknown }>().url).toBe(url);
    });
  } finally {
    await on.close();
  }
});

test('a delivery goes to the url its create parsed: no attempt parses it again', async () => {
  const on = sandbox();
  const receiver = new DeliveryReceiver();
  const url = `${await receiver.start()}/one-parse/delivered`;
  const parses: string[] = [];
  try {
    await countingParses(url, parses, async () => {
      const created = await create(on, headersOf(on, 'one-parse-delivery'), url);
      expect(created.statusCode, created.body).toBe(201);
      notifyStatusChange(on.state, on.rules.current.notifications, changeOf('one-parse-delivery'));
      const arrivals = await receiver.waitFor('/one-parse/delivered', 1);
      expect(arrivals, 'the delivery arrived').toHaveLength(1);
      // The attempt has ended once the log shows it (as sent, not as parsed).
      await expect.poll(() => on.state.deliveryLog.of('one-parse-delivery')[0]?.url).toBe(url);
    });
    expect(parses, 'the create parsed the url; the delivery did not').toHaveLength(1);
  } finally {
    await on.close();
    await receiver.stop();
  }
});

test('a kept configuration is parsed once when its row is read back, and delivered to as parsed', async () => {
  const on = sandbox();
  const receiver = new DeliveryReceiver();
  const url = `${await receiver.start()}/one-parse/kept`;
  const row = {
    method: 'POST',
    url,
    media_type: 'application/json',
    token: 'receiver-token',
    id: 'one-parse-kept',
    type: 'AD_STATUS',
    owner: { login: 'one-parse-kept', clientId: 'cl_one_parse_kept' },
  };
  const parses: string[] = [];
  try {
    await countingParses(url, parses, async () => {
      on.state.notifications.loadRows([[row.id, row]]);
      notifyStatusChange(on.state, on.rules.current.notifications, changeOf('one-parse-kept'));
      const arrivals = await receiver.waitFor('/one-parse/kept', 1);
      expect(arrivals, 'the delivery arrived').toHaveLength(1);
      await expect.poll(() => on.state.deliveryLog.of('one-parse-kept')[0]?.outcome).toBe('delivered');
    });
    expect(parses, 'the row was parsed once, on reading').toHaveLength(1);
  } finally {
    await on.close();
    await receiver.stop();
  }
});
