import type { JournalBuilder } from './journal-builder.js';
import { fp } from './journal-builder.js';
import { RAW_SECRETS, type Mistake } from './mistakes.js';

/** What every step of the reference client shares: the journal, its one mistake, its token. */
export interface Client {
  j: JournalBuilder;
  mistake: Mistake | undefined;
  token: string;
}

export const REDIRECT_URI = 'https://client.example/callback';
const SCOPE = 'autoupload basic_user_info';

function authorize(client: Client, round: number): void {
  const { j, mistake } = client;
  if (mistake === 'sends-an-unregistered-redirect-uri' && round === 1)
    j.wrong(
      j.request({
        endpoint: 'authorize',
        method: 'GET',
        path: '/oauth',
        scheme: 'https',
        params: { redirect_uri: 'https://client.example/elsewhere', state_present: true, scope: SCOPE },
        status: 400,
        reason: 'invalid_redirect_uri',
      }),
    );
  if (mistake === 'asks-for-a-scope-in-the-wrong-case' && round === 1)
    j.wrong(
      j.request({
        endpoint: 'authorize',
        method: 'GET',
        path: '/oauth',
        scheme: 'https',
        query: { client_id: j.clientId },
        params: { redirect_uri: REDIRECT_URI, state_present: true, scope: 'Autoupload basic_user_info' },
        status: 302,
        reason: 'invalid_scope',
        answer: { code: null, redirected: true },
      }),
    );
  const secretInUrl = mistake === 'puts-the-secret-in-the-authorize-url' && round === 1;
  const request = j.request({
    endpoint: 'authorize',
    method: 'GET',
    path: '/oauth',
    scheme: 'https',
    query: secretInUrl
      ? { client_id: j.clientId, client_secret: RAW_SECRETS.clientSecret }
      : { client_id: j.clientId },
    credentials: secretInUrl ? { secret_in: ['query'] } : {},
    params: { redirect_uri: REDIRECT_URI, state_present: mistake !== 'sends-no-state', scope: SCOPE },
    status: 302,
  });
  if (secretInUrl || (mistake === 'sends-no-state' && round === 1)) j.wrong(request);
}

function exchange(client: Client, code: string, redirectUri: string, reused = false): number {
  const right = redirectUri === REDIRECT_URI && !reused;
  return client.j.request({
    endpoint: 'token',
    method: 'POST',
    path: '/oauth/token',
    scheme: 'https',
    credentials: { secret_in: ['body'] },
    params: { code, redirect_uri: redirectUri, grant_type: 'authorization_code' },
    status: right ? 200 : 400,
    ...(right ? {} : { reason: 'invalid_grant' }),
  }).seq;
}

/** Authorization, login, consent, the code's exchange: the token's fingerprint. */
export function connect(client: Client, round: number): string {
  const { j, mistake } = client;
  authorize(client, round);
  j.wait(800).request({
    endpoint: 'login',
    method: 'POST',
    path: '/oauth/login',
    scheme: 'https',
    params: { password: RAW_SECRETS.password },
    status: 302,
  });
  const code = fp(`code-${round}`);
  j.wait(500).request({
    endpoint: 'consent',
    method: 'POST',
    path: '/oauth/consent',
    scheme: 'https',
    status: 302,
    answer: { code },
  });
  j.wait(mistake === 'exchanges-a-code-late' && round === 1 ? 11 * 60_000 : 300);
  if (mistake === 'changes-the-redirect-uri-at-the-token-endpoint' && round === 1) {
    const wrong = exchange(client, code, 'https://client.example/other-callback');
    j.mistake ??= wrong;
    j.wait(200);
  }
  if (mistake === 'exchanges-a-code-never-issued' && round === 1) {
    j.mistake ??= exchange(client, fp('code-made-up'), REDIRECT_URI, true);
    j.wait(200);
  }
  const seq = exchange(client, code, REDIRECT_URI);
  if (mistake === 'exchanges-a-code-late' && round === 1) j.mistake ??= seq;
  if (mistake === 'reuses-a-code' && round === 1) {
    j.wait(300);
    j.mistake ??= exchange(client, code, REDIRECT_URI, true);
  }
  client.token = fp(`token-${round}`);
  j.wait(100).request({
    endpoint: 'basic_user_info',
    method: 'POST',
    path: '/oauth_api/basic_user_info',
    credentials: { body_token: client.token },
    status: 200,
  });
  return client.token;
}
