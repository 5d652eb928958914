import { expect, test } from '@playwright/test';
import { gradeClient, idsStanding, type ReportCard } from '../report-card/grade.js';
import { CHAOS_TEST_SEED } from './support/chaos-checks.js';
import { REDIRECT_URI, startChaosSandbox, type Actor, type ChaosSandbox } from './support/chaos-sandbox.js';
import { ClientPace, ConcurrentClient, exchangeCode, SharedToken } from './support/concurrent-client.js';
import { IntegratorClient } from './support/integrator-client.js';
import { patient } from '../helpers/target/patience.js';
import { PROFILE_NAMES } from '../sandbox/chaos/profiles.js';
import { settings } from '../config/environment.js';
import { insertAd } from './support/import-sandbox.js';

/**
 * Correct clients written as real ones are (support/concurrent-client.ts): several workers at once
 * sharing a token, a crawl per status filter side by side, several dealers at once each with its
 * token, one consent anew shared by every worker, several imports at once. Run against a chaos
 * sandbox and graded from its journal, each is clean: no failed requirement, no advisory warning.
 *
 * Each test has its own chaos profile; CLIENT_MATRIX_PROFILE, when set (`npm run client-matrix`),
 * puts every test under that one instead, and only the requirements its own profile exercises
 * are then left unasserted.
 */
const MATRIX_PROFILE = settings().CLIENT_MATRIX_PROFILE ?? '';
if (MATRIX_PROFILE !== '' && !PROFILE_NAMES.includes(MATRIX_PROFILE))
  throw new Error(
    `CLIENT_MATRIX_PROFILE names no chaos profile: ${MATRIX_PROFILE} (${PROFILE_NAMES.join(', ')})`,
  );

/** The profile a test runs under: its own, or the matrix's. */
function profileFor(own: string): string {
  return MATRIX_PROFILE === '' ? own : MATRIX_PROFILE;
}

/** The requirements a test's own profile exercises, asserted passed only under that profile. */
function exercisedUnder(own: string, ids: string[]): string[] {
  return profileFor(own) === own ? ids : [];
}
interface Dealer {
  login: string;
  password: string;
}

function amiss(card: ReportCard): string[] {
  return [...idsStanding(card, 'failed'), ...idsStanding(card, 'advisory')];
}

/** Why each failed or advisory line stands so, one line each (the matrix shows the first). */
function whyAmiss(card: ReportCard): string {
  return card.lines
    .filter((line) => line.verdict.outcome === 'failed')
    .map((line) => `${line.requirement.id}: ${line.verdict.outcome === 'failed' ? line.verdict.why : ''}`)
    .join('; ');
}

/** A dealer of the actor's client: a user with `ads` published ads (set-up, not journaled). */
function dealerOf(box: ChaosSandbox, ads: number): Dealer {
  const user = box.sandbox.state.users.create({});
  box.sandbox.state.ads.replace(
    user.login,
    Array.from({ length: ads }, (_, index) => ({
      id: `ad-${index}`,
      status: 'published',
      list_id: `${2_000_000_000 + index}`,
    })),
  );
  return { login: user.login, password: user.password };
}

/** A consent as the user's browser gives it, and the code exchanged by the client. */
async function consent(box: ChaosSandbox, actor: Actor, dealer: Dealer): Promise<string> {
  const { authUrl, appsUrl, caFile } = box.sandbox;
  const browser = new IntegratorClient(authUrl, appsUrl, caFile, patient(3000));
  try {
    const code = await browser.authorize(actor.clientId, REDIRECT_URI, dealer.login, dealer.password);
    return await exchangeCode(authUrl, caFile, {
      clientId: actor.clientId,
      secret: actor.secret,
      redirectUri: REDIRECT_URI,
      code,
    });
  } finally {
    await browser.close();
  }
}

async function sharedToken(box: ChaosSandbox, actor: Actor, dealer: Dealer): Promise<SharedToken> {
  return new SharedToken(await consent(box, actor, dealer), () => consent(box, actor, dealer));
}

async function graded(box: ChaosSandbox, actor: Actor): Promise<ReportCard> {
  const { records, dropped } = await box.journal({ client_id: actor.clientId });
  const card = gradeClient(actor.clientId, records, { dropped });
  // A card amiss keeps its journal beside the test's report (fingerprints only, no secret): the
  // timings that made a request count as a reaction are read there.
  if (amiss(card).length > 0)
    await test
      .info()
      .attach('journal.json', { body: JSON.stringify(records), contentType: 'application/json' });
  return card;
}

test.describe('correct concurrent clients are graded clean', () => {
  let box: ChaosSandbox;
  test.beforeEach(async () => {
    box = await startChaosSandbox();
  });
  test.afterEach(async () => {
    await box.close();
  });

  test('six workers sharing a token, a crawl per filter side by side, into a rate-limit block', async () => {
    test.setTimeout(patient(120_000));
    const actor = box.actor(0);
    const dealer = dealerOf(box, 600);
    const shared = await sharedToken(box, actor, dealer);
    expect(
      await box.setChaos({
        profiles: [profileFor('rate-limit')],
        clients: [actor.clientId],
        seed: CHAOS_TEST_SEED,
      }),
    ).toBe(200);
    const client = new ConcurrentClient(box.sandbox.appsUrl, box.sandbox.caFile);
    try {
      const filters = [null, null, null, 'published', 'published', 'published'];
      const pages = await Promise.all(filters.map((filter) => client.crawl(shared, filter, 10)));
      // Every page read, unless another profile's cycle ends a crawl early (as it should).
      const leastPages = profileFor('rate-limit') === 'rate-limit' ? 60 : 1;
      expect(pages.every((count) => count >= leastPages)).toBe(true);
    } finally {
      await client.close();
    }
    const card = await graded(box, actor);
    const exercised = idsStanding(card, 'passed');
    expect(amiss(card), whyAmiss(card)).toEqual([]);
    expect(exercised).toEqual(
      expect.arrayContaining(['C4.4-01', 'C4.4-02', ...exercisedUnder('rate-limit', ['C4.4-03', 'C7.3-01'])]),
    );
  });

  test('two dealers at once behind the edge, each its token and three workers', async () => {
    test.setTimeout(patient(120_000));
    const actor = box.actor(0);
    const dealers = [dealerOf(box, 200), dealerOf(box, 200)];
    const tokens = await Promise.all(dealers.map((dealer) => sharedToken(box, actor, dealer)));
    expect(
      await box.setChaos({
        profiles: [profileFor('edge')],
        clients: [actor.clientId],
        seed: CHAOS_TEST_SEED,
      }),
    ).toBe(200);
    const client = new ConcurrentClient(box.sandbox.appsUrl, box.sandbox.caFile, new ClientPace());
    try {
      await Promise.all(
        tokens.flatMap((token) => [
          client.crawl(token, null, 10),
          client.crawl(token, 'published', 10),
          client.crawl(token, null, 20),
        ]),
      );
    } finally {
      await client.close();
    }
    const card = await graded(box, actor);
    expect(amiss(card), whyAmiss(card)).toEqual([]);
    expect(idsStanding(card, 'passed')).toEqual(
      expect.arrayContaining(['C4.4-01', ...exercisedUnder('edge', ['C4.4-03'])]),
    );
  });

  test('six workers sharing a token that is revoked under them, one consent anew for all (single flight) each time', async () => {
    test.setTimeout(patient(120_000));
    const actor = box.actor(0);
    const dealer = dealerOf(box, 300);
    let renewals = 0;
    const shared = new SharedToken(await consent(box, actor, dealer), () => {
      renewals += 1;
      return consent(box, actor, dealer);
    });
    expect(
      await box.setChaos({
        profiles: [profileFor('token-revoked')],
        clients: [actor.clientId],
        seed: CHAOS_TEST_SEED,
      }),
    ).toBe(200);
    const client = new ConcurrentClient(box.sandbox.appsUrl, box.sandbox.caFile);
    // Whatever the profile, the token is also revoked once under the workers, mid-crawl (set-up).
    let pagesRead = 0;
    const revokeOnce = (): void => {
      pagesRead += 1;
      if (pagesRead === 4) box.sandbox.state.tokens.revoke([shared.token]);
    };
    try {
      const filters = [null, null, null, 'published', 'published', 'published'];
      await Promise.all(filters.map((filter) => client.crawl(shared, filter, 10, revokeOnce)));
    } finally {
      await client.close();
    }
    expect(renewals).toBeGreaterThan(0);
    const card = await graded(box, actor);
    expect(amiss(card), whyAmiss(card)).toEqual([]);
    expect(idsStanding(card, 'passed')).toEqual(
      expect.arrayContaining(['C4.4-01', 'C7.3-03', ...exercisedUnder('token-revoked', ['C4.4-03'])]),
    );
  });

  test("one dealer importing six ad lists at once, each import's status polled until done", async () => {
    test.setTimeout(patient(120_000));
    const actor = box.actor(0);
    const dealer = dealerOf(box, 0);
    const shared = await sharedToken(box, actor, dealer);
    expect(
      await box.setChaos({
        profiles: [profileFor('realistic')],
        clients: [actor.clientId],
        seed: CHAOS_TEST_SEED,
      }),
    ).toBe(200);
    const client = new ConcurrentClient(box.sandbox.appsUrl, box.sandbox.caFile);
    try {
      const lists = Array.from({ length: 6 }, (_, list) =>
        Array.from({ length: 3 }, (_, ad) => insertAd(`import-${list}-ad-${ad}`)),
      );
      const statuses = await Promise.all(
        lists.map(async (ads) => {
          const imported = await client.importAds(shared, ads);
          if (typeof imported !== 'string') return `refused ${imported.status}: ${imported.body}`;
          return (await client.importDone(shared, imported)).autoupload_status;
        }),
      );
      expect(statuses).toEqual(statuses.map(() => 'done'));
    } finally {
      await client.close();
    }
    const card = await graded(box, actor);
    expect(amiss(card), whyAmiss(card)).toEqual([]);
  });
});
