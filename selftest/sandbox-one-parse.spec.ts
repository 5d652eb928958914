import { expect, test } from '@playwright/test';
import { NOTIFICATION_PATH } from '../spec/paths.js';
import { buildAppsServer } from '../sandbox/apps-server.js';
import { switchRegistry } from '../sandbox/rule-switches.js';
import { RulesInForce } from '../sandbox/rules/in-force.js';
import { createState } from '../sandbox/state.js';

/**
 * One parse per value: a notification url is parsed once by the request that sends it (the route
 * reads the body into typed settings, and every check and the stored settings read those), counted
 * by a stand-in for the global URL constructor during a create and an update.
 */
test('a notification url is parsed once per create and once per update', async () => {
  const rules = new RulesInForce();
  const state = createState(() => rules.current);
  const apps = buildAppsServer({ state, rules, switches: switchRegistry(rules) }, null, {
    logRequests: false,
  });
  const token = state.tokens.issue({
    clientId: 'cl_one_parse',
    login: 'one-parse',
    scopes: ['autoupload'],
    issuedAtMs: Date.now(),
  });
  const url = 'https://receiver.one-parse.example/hooks/ad-status';
  const body = { method: 'POST', url, media_type: 'application/json', token: 'receiver-token' };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const parses: string[] = [];
  const Original = globalThis.URL;
  class CountingUrl extends Original {
    constructor(input: string | URL, base?: string | URL) {
      super(input, base);
      if (String(input) === url) parses.push(String(input));
    }
  }
  globalThis.URL = CountingUrl;
  try {
    const created = await apps.inject({ method: 'POST', url: NOTIFICATION_PATH, headers, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    expect(parses).toHaveLength(1);
    const id = String(created.json<{ id: unknown }>().id);
    const updated = await apps.inject({
      method: 'PUT',
      url: `${NOTIFICATION_PATH}/${id}`,
      headers,
      payload: body,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(parses).toHaveLength(2);
    expect(updated.json<{ url: unknown }>().url).toBe(url);
  } finally {
    globalThis.URL = Original;
    await apps.close();
    await state.deliverer.close();
  }
});
