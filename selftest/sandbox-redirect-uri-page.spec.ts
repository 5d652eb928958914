import { expect, test } from '@playwright/test';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { caller, send } from './support/hostile.js';

/**
 * A redirect URI the client did not register gets a 400 page (7.1) that lists the client's own
 * registered URIs and says how one is registered, so its developer can fix it from the page;
 * what it lists is escaped as text, and nothing is redirected.
 */
test.describe.configure({ mode: 'default' });

let sandbox: StartedSandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ controlKey: 'redirect-uri-page-control-key' });
});
test.afterAll(async () => {
  await sandbox.close();
});

const REGISTERED = ['http://127.0.0.1:8765/callback', 'https://app.example/cb?x=<b>&y=1'];

async function authorizationPage(
  clientId: string,
  redirectUri?: string,
): Promise<{ status: number; body: string }> {
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, scope: 'basic_user_info' });
  if (redirectUri !== undefined) query.set('redirect_uri', redirectUri);
  return send(caller(sandbox), `${sandbox.authUrl}/oauth?${query.toString()}`);
}

test('a wrong redirect_uri: the page lists the registered URIs and how to register one', async () => {
  const { client } = sandbox.state.clients.register(REGISTERED, 'Redirect page client');
  for (const sent of ['http://127.0.0.1:8765/callback/', undefined]) {
    const page = await authorizationPage(client.clientId, sent);
    expect(page.status, page.body).toBe(400);
    expect(page.body).toContain(`Registered for client ${client.clientId}`);
    expect(page.body).toContain('<li><code>http://127.0.0.1:8765/callback</code></li>');
    expect(page.body).toContain('<li><code>https://app.example/cb?x=&#60;b&#62;&#38;y=1</code></li>');
    expect(page.body).not.toContain('<b>');
    expect(page.body).toContain('POST /test_helpers/v1/clients');
    expect(page.body).toContain('docs/integrator.md, step 3');
  }
});

test('an unknown client gets no list', async () => {
  const page = await authorizationPage('no-such-client', REGISTERED[0]);
  expect(page.status).toBe(400);
  expect(page.body).not.toContain('Registered for client');
});
