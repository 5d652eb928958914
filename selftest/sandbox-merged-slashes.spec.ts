import { expect, test } from '@playwright/test';
import { mergeSlashes } from '../sandbox/http/merge-slashes.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { actors, caller, send } from './support/hostile.js';

/**
 * Paths as nginx serves them by default (merge_slashes): consecutive slashes merged before routing,
 * on both servers; an unknown path of the token endpoint's family answered with its JSON, not a page.
 */
test.describe.configure({ mode: 'default' });

let sandbox: StartedSandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ controlKey: 'merged-slashes-control-key' });
});
test.afterAll(async () => {
  await sandbox.close();
});

function tokenForm(clientId: string, secret: string, code: string): string {
  return new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: 'http://127.0.0.1:9/callback',
    client_id: clientId,
    client_secret: secret,
  }).toString();
}

test.describe('doubled slashes are merged, as nginx does by default', () => {
  test('//oauth serves the authorization endpoint (the login page), and //oauth/token the token endpoint', async () => {
    const made = actors(sandbox);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: made.clientId,
      redirect_uri: made.redirectUri,
      scope: 'basic_user_info',
      state: 's',
    });
    const page = await send(caller(sandbox), `${sandbox.authUrl}//oauth?${query.toString()}`);
    expect(page.status, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toContain('name="password"');
    const token = await send(caller(sandbox), `${sandbox.authUrl}//oauth//token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: tokenForm(made.clientId, made.secret, 'no-such-code'),
    });
    // The endpoint itself answered: a 7.2 error about the code, not a 404 for the path.
    expect(token.status, token.body).toBe(400);
    expect(JSON.parse(token.body)).toMatchObject({ error: 'invalid_grant' });
  });

  test('/autoupload//v1/published and //autoupload/v1/published serve the listing', async () => {
    for (const path of [
      '/autoupload//v1/published',
      '//autoupload/v1/published',
      '/autoupload/v1//published',
    ]) {
      const answer = await send(caller(sandbox), `${sandbox.appsUrl}${path}`, {
        headers: { authorization: 'Bearer not-a-token' },
      });
      // The listing's own refusal of the token (7.3), not the 404 of an unknown route.
      expect(answer.status, `${path}: ${answer.body}`).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ reason: 'ACCESS_DENIED' });
    }
  });

  test('only the path is merged: the query keeps its slashes, an absolute-form target is left alone', () => {
    expect(mergeSlashes('//oauth//token?state=a//b&redirect_uri=http://x//y')).toBe(
      '/oauth/token?state=a//b&redirect_uri=http://x//y',
    );
    expect(mergeSlashes('/autoupload/v1/published')).toBe('/autoupload/v1/published');
    expect(mergeSlashes('http://host//oauth')).toBe('http://host//oauth');
  });
});

test.describe("an unknown path of the token endpoint's family answers the endpoint's JSON", () => {
  for (const path of ['/oauth/token/x', '//oauth/tokens', '/oauth/token/', '/oauth//token//extra']) {
    test(`${path} is a 404 in the 7.2 format`, async () => {
      const answer = await send(caller(sandbox), `${sandbox.authUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code',
      });
      expect(answer.status, answer.body).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_request' });
    });
  }

  test('an unknown path elsewhere on the authorization server is still the HTML page', async () => {
    const answer = await send(caller(sandbox), `${sandbox.authUrl}//oauth/nowhere`);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
  });
});
