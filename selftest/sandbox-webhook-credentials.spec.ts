import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { childEnvironment } from '../config/environment.js';
import { gradeClient } from '../report-card/grade.js';
import { cardLines } from '../report-card/card-lines.js';
import { markdownCard } from '../report-card/markdown.js';
import { maskedWebhookUrl } from '../sandbox/notifications/url-credentials.js';
import { CONTROL_KEY, deliveriesOf, eventually, startChaosSandbox } from './support/chaos-sandbox.js';
import { Receiver } from './support/hostile.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Credentials in a configured webhook's URL the sandbox never issued nor saw (docs/sandbox-chaos.md,
 * "No secret"): a user name and password in its userinfo and a key among its query values are in
 * no output (the journal's file, its answers, the delivery log, the report card), in any encoding,
 * where each shows the URL with those values fingerprinted; the delivery itself goes to the URL as
 * configured. SANDBOX_LOG's request lines mask every query value and any userinfo.
 */
const HOOK_USER = 'hook-user-3c9e';
const HOOK_PASSWORD = 'hook-password-5f3a9c27';
const HOOK_KEY = 'hook-query-key-7d2e41b0';
const NOTIFICATION_TOKEN = 'ntk-webhook-credentials-0123456789';

function encodings(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  return [secret, encodeURIComponent(secret), utf8.toString('base64'), utf8.toString('base64url')];
}

function expectNoCredential(text: string, where: string): void {
  for (const [name, secret] of Object.entries({
    'user name': HOOK_USER,
    password: HOOK_PASSWORD,
    'query key': HOOK_KEY,
    'notification token': NOTIFICATION_TOKEN,
  }))
    for (const form of encodings(secret)) expect(text.includes(form), `the ${name} in ${where}`).toBe(false);
}

test('credentials in a webhook URL are fingerprinted in the journal, its answers, the delivery log and the card; the delivery uses them', async () => {
  test.setTimeout(patient(60_000));
  const folder = mkdtempSync(join(tmpdir(), 'webhook-credentials-'));
  const journalFile = join(folder, 'journal.jsonl');
  const box = await startChaosSandbox({ journalFile });
  const receiver = new Receiver();
  try {
    const hook = new URL(await receiver.start());
    const webhook = `${hook.protocol}//${HOOK_USER}:${HOOK_PASSWORD}@${hook.host}/hook?key=${HOOK_KEY}&token=${NOTIFICATION_TOKEN}&tenant=42`;
    const actor = box.actor(1);
    const token = await box.signIn(actor);
    // Twice: the card's single-configuration line then names the URL.
    for (let index = 0; index < 2; index += 1)
      expect((await actor.client.subscribe(token, webhook, NOTIFICATION_TOKEN)).status, 'set-up').toBe(201);
    await box.changeStatus(actor.login, 'ad-0', 'deleted');
    const answer = await eventually(
      'the deliveries journaled',
      () => box.journal({ client_id: actor.clientId }),
      (read) => deliveriesOf(read.records).length >= 2,
    );
    expect(receiver.arrivals.length, 'the deliveries arrived').toBeGreaterThanOrEqual(1);
    expect(receiver.arrivals[0]?.path, 'delivered to the URL as configured').toContain(`key=${HOOK_KEY}`);

    const fp = (value: string): string => box.sandbox.state.journal.fingerprints.fp(value);
    const masked = maskedWebhookUrl(webhook, fp);
    expect(deliveriesOf(answer.records)[0]?.url, "the delivery's url, fingerprinted").toBe(masked);
    expect(masked, 'the rest as written').toContain(`@${hook.host}/hook?key=fp:`);
    expect(masked).toContain('&tenant=fp:');

    const log = await fetch(
      `${box.sandbox.controlUrl}${TEST_HELPERS_PREFIX}/users/${encodeURIComponent(actor.login)}/deliveries`,
      { headers: { 'x-sandbox-key': CONTROL_KEY } },
    );
    const logText = await log.text();
    expect(logText, 'the delivery log names the masked URL').toContain(JSON.stringify(masked));
    const card = gradeClient(actor.clientId, answer.records);
    const markdown = markdownCard(card, cardLines(card));
    expect(markdown, "the card's single-configuration line names the URL").toContain('fp:');
    await box.close();
    expectNoCredential(JSON.stringify(answer), 'the journal answer');
    expectNoCredential(readFileSync(journalFile, 'utf8'), 'the journal file');
    expectNoCredential(logText, 'the delivery log');
    expectNoCredential(markdown, 'the card');
  } finally {
    await receiver.stop();
    await box.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a webhook URL masked: userinfo and every query value, fragments too; the path, names and fingerprints as written', () => {
  const mask = (value: string): string => `fp:${value.length}`;
  expect(maskedWebhookUrl('https://u:p%40ss@h.example:8443/a/b?k=v&empty=&x=1#f=2', mask)).toBe(
    'https://fp:6@h.example:8443/a/b?k=fp:1&empty=&x=fp:1#f=fp:1',
  );
  expect(maskedWebhookUrl('https://user:p@ss@host/p', mask), 'to the last @ before the host').toBe(
    'https://fp:9@host/p',
  );
  expect(maskedWebhookUrl('https://host/p?a=fp:0123', mask), 'a fingerprint already').toBe(
    'https://host/p?a=fp:0123',
  );
  expect(maskedWebhookUrl('https://host/p/x@y', mask), 'an @ in the path is no userinfo').toBe(
    'https://host/p/x@y',
  );
});

test("SANDBOX_LOG's request lines show a URL's query values and userinfo masked", async () => {
  test.setTimeout(patient(60_000));
  const folder = mkdtempSync(join(tmpdir(), 'request-log-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', '--in-memory'], {
    cwd: join(__dirname, '..'),
    env: childEnvironment({
      SANDBOX_AUTH_PORT: '0',
      SANDBOX_APPS_PORT: '0',
      SANDBOX_TLS_DIR: folder,
      SANDBOX_LOG: '1',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await eventually(
      'the banner',
      () => Promise.resolve(printed),
      (text) => /resource server\s+\S+/.test(text),
      45_000,
    );
    const appsUrl = /resource server\s+(\S+)/.exec(printed)?.[1] ?? '';
    const leaky = `https://${HOOK_USER}:${HOOK_PASSWORD}@hooks.example/cb`;
    await fetch(
      `${appsUrl}/autoupload/v1/published?access_token=${HOOK_KEY}&redirect_uri=${encodeURIComponent(leaky)}`,
    );
    await eventually(
      'the request logged',
      () => Promise.resolve(printed),
      (text) => text.includes('request completed'),
    );
    expect(printed, 'the request line, its values masked').toContain(
      'access_token=masked&redirect_uri=masked',
    );
    expectNoCredential(printed, 'the log');
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  }
});
