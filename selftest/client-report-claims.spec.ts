import { expect, test } from '@playwright/test';
import { claimsText } from '../report-card/card-lines.js';
import { exitCodeOf, gradeClient } from '../report-card/grade.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import type { JournalRecord } from '../spec/journal.js';
import { actors, Browser, caller } from './support/hostile.js';
import { approvedCode, redeemCode } from './support/token-flow.js';
import { JournalBuilder } from './broken-clients/journal-builder.js';

/**
 * Who made a mistake of an authorization request (report-card/grade.ts Claims): the sandbox leaves
 * its cookie on every answer of the authorization endpoint, the error page too, so the client that
 * goes on in the same browser or cookie jar to a consent and exchanges its code proves its refused
 * requests its own; what stays claimed only is said on the card with the requirement it would fail,
 * and counted where the integrator says the sandbox served that client alone (--sole-client). A
 * neighbour's forged claim never fails another's card.
 */

test.describe('a refused authorization request proven by the cookie jar that goes on to a consent', () => {
  let sandbox: StartedSandbox;
  test.beforeAll(async () => {
    sandbox = await startSandbox({});
  });
  test.afterAll(async () => {
    await sandbox.close();
  });

  test("a redirect_uri not registered, then the right one in the same cookie jar: the refused request is the client's, and fails C4.1-01", async () => {
    const actor = actors(sandbox);
    const browser = new Browser(sandbox, caller(sandbox));
    const refused = await browser.authorize(actor.clientId, 'http://127.0.0.1:9/not-registered');
    expect(refused.status, 'the unregistered redirect_uri refused on a page').toBe(400);
    expect(browser.cookie, 'the error page leaves the browser its cookie').not.toBeNull();
    const { code } = await approvedCode(sandbox, actor, 'basic_user_info', browser);
    expect((await redeemCode(sandbox, browser, actor, code)).status, 'set-up: the exchange').toBe(200);
    const { records } = sandbox.state.journal.read({ clientId: actor.clientId });
    const authorizations = records.filter(
      (record) => record.kind === 'request' && record.endpoint === 'authorize',
    );
    expect(authorizations.map((record) => (record.kind === 'request' ? record.status : 0))).toEqual([
      400, 200,
    ]);
    const card = gradeClient(actor.clientId, records);
    const line = card.lines.find((found) => found.requirement.id === 'C4.1-01');
    expect(line?.verdict.outcome).toBe('failed');
    await browser.agent.close();
  });

  test('twin: a neighbour naming the client with an unregistered redirect_uri, in a cookie jar of its own, stays a claim', async () => {
    const actor = actors(sandbox);
    const neighbour = new Browser(sandbox, caller(sandbox));
    expect((await neighbour.authorize(actor.clientId, 'http://127.0.0.1:9/forged')).status).toBe(400);
    const { browser: owner, code } = await approvedCode(sandbox, actor, 'basic_user_info');
    expect((await redeemCode(sandbox, owner, actor, code)).status, 'set-up: the exchange').toBe(200);
    const own = sandbox.state.journal.read({ clientId: actor.clientId }).records;
    const withClaims = sandbox.state.journal.read({ clientId: actor.clientId, claimed: true }).records;
    const claimed = withClaims.filter((record) => record.client_id === null);
    expect(claimed).toHaveLength(1);
    const card = gradeClient(actor.clientId, own, { claimedRecords: claimed });
    expect(card.lines.find((found) => found.requirement.id === 'C4.1-01')?.verdict.outcome).toBe('passed');
    expect(exitCodeOf(card, false)).toBe(0);
    expect(card.claims.wouldFail.map((claim) => claim.id)).toEqual(['C4.1-01']);
    await Promise.all([neighbour.agent.close(), owner.agent.close()]);
  });
});

/** An authorization request that named the client without proof, refused for its redirect_uri. */
function claimedRefusal(j: JournalBuilder): JournalRecord {
  const record = j.wait(500).request({
    endpoint: 'authorize',
    method: 'GET',
    path: '/oauth',
    scheme: 'https',
    query: { client_id: j.clientId },
    params: { redirect_uri: 'https://client.example/elsewhere', state_present: true, scope: 'autoupload' },
    status: 400,
  });
  return { ...record, client_id: null, claimed_client_id: j.clientId };
}

test.describe('what stays claimed is said on the card, and counted only for a sandbox of the client alone', () => {
  test('not counted by default: passed, exit 0, and the card names the requirement the claims would fail', () => {
    const j = new JournalBuilder('client-claimed');
    const claimed = claimedRefusal(j);
    const proven = j.records.filter((record) => record.seq !== claimed.seq);
    const card = gradeClient(j.clientId, proven, { claimedRecords: [claimed] });
    expect(exitCodeOf(card, false)).toBe(0);
    expect(claimsText(card).join('\n')).toContain('would fail C4.1-01');
    expect(claimsText(card).join('\n')).toContain('--sole-client');
  });

  test('counted with soleClient: C4.1-01 fails, exit 1', () => {
    const j = new JournalBuilder('client-claimed-alone');
    const claimed = claimedRefusal(j);
    const proven = j.records.filter((record) => record.seq !== claimed.seq);
    const card = gradeClient(j.clientId, proven, { claimedRecords: [claimed], soleClient: true });
    expect(card.lines.find((line) => line.requirement.id === 'C4.1-01')?.verdict.outcome).toBe('failed');
    expect(exitCodeOf(card, false)).toBe(1);
  });

  test('no claims: the card says nothing of them', () => {
    const card = gradeClient('client-no-claims', []);
    expect(claimsText(card)).toEqual([]);
  });
});
