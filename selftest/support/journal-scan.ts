import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markerPatterns, scanBytes, type Leak } from '../../helpers/report/secret-scan.js';
import { PROFILE_NAMES } from '../../sandbox/chaos/profiles.js';
import { startChaosSandbox, TokenCheckingReceiver, type Actor } from './chaos-sandbox.js';

/**
 * The journal's part of the secret scan: a sandbox whose every secret carries the marker, every
 * chaos profile on for the client, an integrator's day (flow, crawl, basic info, a subscription
 * whose marked notification token is delivered, forged copies included) and the hostile places a
 * faulty client puts secrets (the secret in the query and in HTTP Basic, the token in the query
 * under a name of its own and in an unknown path); then the journal file and the control API's
 * answer scanned for the marker in every encoding the scan knows.
 */
/** Where a faulty client puts secrets: the secret in the query and in Basic, the token under its own name and in a path. */
async function hostilePlacements(
  sandbox: { authUrl: string; appsUrl: string },
  actor: Actor,
  token: string,
): Promise<void> {
  const { authUrl, appsUrl } = sandbox;
  const basic = Buffer.from(`${actor.clientId}:${actor.secret}`).toString('base64');
  await actor.client.call(`${authUrl}/oauth/token?client_secret=${encodeURIComponent(actor.secret)}`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=authorization_code&code=${encodeURIComponent(token)}&password=${encodeURIComponent(actor.password)}`,
  });
  await actor.client.call(`${appsUrl}/autoupload/v1/published?key=${encodeURIComponent(token)}`);
  await actor.client.call(`${appsUrl}/somewhere/${encodeURIComponent(token)}/else`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

export async function journalLeaks(
  marker: string,
  folder: string,
): Promise<{ leaks: Leak[]; records: number; revokedUses: number }> {
  const journalFile = join(folder, 'journal.jsonl');
  const box = await startChaosSandbox({ journalFile, secretPrefix: marker });
  const notificationToken = `${marker}ntk_journal-scan-0123456789abcdef`;
  const receiver = new TokenCheckingReceiver(notificationToken);
  try {
    const actor = box.actor(30);
    const token = await box.signIn(actor);
    // token-revoked last and alone: the steps before need their token live.
    await box.setChaos({
      profiles: PROFILE_NAMES.filter((name) => name !== 'token-revoked'),
      clients: 'all',
      seed: 7,
      timeout_ms: 50,
      latency_ms: 1,
      delay_ms: 50,
      limit: 1000,
    });
    await actor.client.userInfo(token);
    await actor.client.crawl(token, 7);
    await actor.client.subscribe(token, await receiver.start(), notificationToken);
    for (let index = 0; index < 10; index += 1) await box.changeStatus(actor.login, `ad-${index}`, 'deleted');
    await hostilePlacements(box.sandbox, actor, token);
    await box.setChaos({ profiles: ['token-revoked'], clients: 'all', seed: 7 });
    // Once revoked, the token goes on being sent: the records of a revoked token's uses are scanned too.
    for (let index = 0; index < 60; index += 1) await actor.client.userInfo(token);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const answer = await box.journal();
    await receiver.close();
    await box.close();
    const patterns = markerPatterns(marker);
    return {
      leaks: [
        ...scanBytes(Buffer.from(JSON.stringify(answer)), patterns, 'the control API answer'),
        ...scanBytes(readFileSync(journalFile), patterns, 'journal.jsonl'),
      ],
      records: answer.records.length,
      revokedUses: answer.records.filter((record) => record.kind === 'request' && record.credentials.revoked)
        .length,
    };
  } finally {
    await receiver.close();
    await box.close();
  }
}
