import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Fingerprinter } from '../sandbox/journal/fingerprint.js';
import { Journal } from '../sandbox/journal/journal.js';
import { scrubbed, scrubbedRecord, type CredentialTest } from '../sandbox/journal/secrets.js';
import {
  deliveriesOf,
  eventually,
  REDIRECT_URI,
  startChaosSandbox,
  TokenCheckingReceiver,
  type ChaosSandbox,
} from './support/chaos-sandbox.js';
import { patient } from '../helpers/target/patience.js';

/**
 * No secret in the journal, whatever the client sends (docs/sandbox-chaos.md, "No secret"): the
 * three mistakes a report card exists to grade (a token as a query parameter's name, the client
 * secret inside a redirect_uri's query, credentials in a webhook URL's userinfo and query) leave
 * only fingerprints in the file and in the control API's answer; the file is 600 in a 700 folder
 * whatever existed before.
 */

/** The forms a secret could take in a JSON text: as is, URL-encoded (once, twice), base64 and base64url. */
function encodings(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  return [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(encodeURIComponent(secret)),
    utf8.toString('base64'),
    utf8.toString('base64url'),
  ];
}

function expectNoSecret(text: string, where: string, secrets: Record<string, string>): void {
  for (const [name, secret] of Object.entries(secrets))
    for (const form of encodings(secret)) expect(text.includes(form), `the ${name} in ${where}`).toBe(false);
}

const NOTIFICATION_TOKEN = 'ntk-secret-journal-selftest-0123456789';
type Team = ReturnType<ChaosSandbox['actor']>;

/** Credentials in a webhook URL's userinfo and query; the configuration made and a delivery journaled. */
async function webhookMistake(
  box: ChaosSandbox,
  team: Team,
  token: string,
  receiver: TokenCheckingReceiver,
): Promise<void> {
  const hook = new URL(await receiver.start());
  const webhook = `${hook.protocol}//${team.login}:${encodeURIComponent(token)}@${hook.host}/hook?token=${NOTIFICATION_TOKEN}&secret=${encodeURIComponent(team.secret)}`;
  const subscribed = await team.client.subscribe(token, webhook, NOTIFICATION_TOKEN);
  expect(subscribed.status, 'set-up: the configuration').toBe(201);
  await box.changeStatus(team.login, 'ad-1', 'deleted');
  await eventually(
    'the delivery journaled',
    () => box.journal({ client_id: team.clientId }),
    (answer) => deliveriesOf(answer.records).length > 0,
  );
}

/** The client secret inside redirect_uri's query, at the authorization and token endpoints. */
async function redirectMistake(box: ChaosSandbox, team: Team, code: string): Promise<void> {
  const leaky = `${REDIRECT_URI}?client_secret=${encodeURIComponent(team.secret)}&code=${code}`;
  const authorize = new URLSearchParams({
    client_id: team.clientId,
    redirect_uri: leaky,
    response_type: 'code',
    scope: 'autoupload',
  });
  await team.client.call(`${box.sandbox.authUrl}/oauth/authorize?${authorize.toString()}`);
  await team.client.call(`${box.sandbox.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: leaky,
      client_id: team.clientId,
      client_secret: team.secret,
    }).toString(),
  });
}

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

test.describe('no secret in the journal, whatever the client sends', () => {
  test('a token as a parameter name, the secret in a redirect_uri, credentials in a webhook URL: fingerprints only; the file 600 in a 700 folder', async () => {
    test.setTimeout(patient(90_000));
    const root = mkdtempSync(join(tmpdir(), 'journal-secrets-'));
    const folder = join(root, 'data');
    const journalFile = join(folder, 'journal.jsonl');
    // What existed before: a folder anyone may read, a file anyone may read.
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    writeFileSync(journalFile, '', { mode: 0o644 });
    chmodSync(journalFile, 0o644);
    const box = await startChaosSandbox({ journalFile });
    const receiver = new TokenCheckingReceiver(NOTIFICATION_TOKEN);
    try {
      expect([mode(folder), mode(journalFile)]).toEqual(['700', '600']);
      const team = box.actor(3);
      const code = await team.client.authorize(team.clientId, REDIRECT_URI, team.login, team.password);
      const token = await team.client.token(team.clientId, team.secret, REDIRECT_URI, code);
      const apps = box.sandbox.appsUrl;
      // 1. The token as a query parameter's name (and as a value, and in a path).
      await team.client.call(`${apps}/autoupload/v1/published?${token}=1&fetch_size=2`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await team.client.call(`${apps}/autoupload/v1/published/${token}`);
      await webhookMistake(box, team, token, receiver);
      // The code sent again (revoking the token): last.
      await redirectMistake(box, team, code);
      const answer = JSON.stringify(await box.journal());
      await receiver.close();
      await box.close();
      const secrets = {
        token,
        code,
        'client secret': team.secret,
        password: team.password,
        'notification token': NOTIFICATION_TOKEN,
      };
      expectNoSecret(answer, 'the control API answer', secrets);
      expectNoSecret(readFileSync(journalFile, 'utf8'), 'the journal file', secrets);
      // The records still say where the mistakes were: a fingerprint stands in each place.
      expect(answer).toContain(`"${box.sandbox.state.journal.fingerprints.fp(token)}":"fp:`);
      expect(mode(journalFile)).toBe('600');
    } finally {
      await receiver.close();
      await box.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('every file the journal writes, rotations included, is 600', () => {
    const folder = mkdtempSync(join(tmpdir(), 'journal-modes-'));
    const file = join(folder, 'journal.jsonl');
    try {
      chmodSync(folder, 0o755);
      const journal = new Journal(true, file, { fileBytes: 2000, filesKept: 2 });
      for (let batch = 0; batch < 10; batch += 1) {
        for (let index = 0; index < 5; index += 1)
          journal.add({
            kind: 'request',
            client_id: 'c',
            login: null,
            endpoint: 'listing',
            method: 'GET',
            path: '/p',
            scheme: 'http',
            query: {},
            credentials: {},
            status: 200,
            duration_ms: 1,
          });
        journal.flush();
      }
      void journal.close();
      expect(mode(folder)).toBe('700');
      for (const name of ['journal.jsonl', 'journal.jsonl.1', 'journal.jsonl.2'])
        expect(mode(join(folder, name)), name).toBe('600');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('the scrub takes any text: malformed escapes, a secret encoded twice, a secret as a key', () => {
    const fp = new Fingerprinter();
    const secret = 'SECRET-value/with+signs=';
    // Found as a piece of a text, or (a value holding separators, as one a client chose) anywhere in it.
    const isSecret: CredentialTest = (piece: string) => piece === secret;
    isSecret.literal = [secret];
    const texts = [
      'a%zz%b%',
      `https://h/cb?x=${encodeURIComponent(encodeURIComponent(secret))}`,
      `https://user:${encodeURIComponent(secret)}@h/p?q=1`,
      '%'.repeat(5000),
    ];
    for (const text of texts) expectNoSecret(scrubbed(text, isSecret, fp), text.slice(0, 40), { secret });
    const record = scrubbedRecord({ query: { [secret]: '1' }, path: `/x/${secret}` }, isSecret, fp);
    expectNoSecret(JSON.stringify(record), 'the record', { secret });
    expect(Object.keys(record.query)).toEqual([fp.fp(secret)]);
  });
});
