import { expect, test } from '@playwright/test';
import { PROFILE_NAMES } from '../sandbox/chaos/profiles.js';
import { settings } from '../config/environment.js';
import { setChaos, startClientSandbox } from './support/client-sandbox.js';
import { gradedRun, linesAmiss, runLine } from './support/client-run.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The reference client (examples/client/) against the sandbox as an integrator starts it (the
 * package's command, a chaos profile for every client), the consent given in Chromium, graded by
 * the report card: every client requirement passed or not exercised, under every chaos profile,
 * with three seeds each. One sandbox a profile; each seed a new client and user, the seed set
 * through the `chaos` switch before the run (which restarts the client's draws). The seeds are
 * printed; REFERENCE_CLIENT_PROFILES and REFERENCE_CLIENT_SEEDS replay a run.
 */

const PROFILES = (settings().REFERENCE_CLIENT_PROFILES ?? PROFILE_NAMES.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
const SEEDS = (settings().REFERENCE_CLIENT_SEEDS ?? '1,2,3').split(',').map((seed) => Number(seed.trim()));

/**
 * A profile's figure changed so that a short run meets it: rate-limit blocks past 300 requests in
 * a minute by default, which a run of some forty requests never reaches; at 25 it is blocked once
 * or twice and must wait the block out and resume paced.
 */
const FIGURES: Record<string, Record<string, number>> = { 'rate-limit': { limit: 25 } };

/**
 * The client's options changed so that a run meets its profile: page-cycle sends back only pages
 * fetched with a page_token that are not the last, which a listing of eight ads at 3 a page has one
 * of; at one a page there are six.
 */
const CLIENT_OPTIONS: Record<string, { fetchSize: number }> = { 'page-cycle': { fetchSize: 1 } };

/**
 * What a profile exists to make a client meet: graded passed on at least one of three seeds (not
 * merely not exercised), else the profile shows nothing. token-revoked's 8% of some fifty API
 * requests leaves a run untouched about one time in sixty, all three about once in six thousand;
 * page-cycle's half of six pages (the second to the seventh of eight) one time in sixty-four, all
 * three about once in a quarter of a million.
 */
const PROMISED: Record<string, string> = { 'token-revoked': 'C7.3-03', 'page-cycle': 'C4.4-04' };

for (const profile of PROFILES)
  test(`the reference client: every client requirement passed or not exercised under chaos ${profile}, seeds ${SEEDS.join(', ')}`, async ({}, testInfo) => {
    test.setTimeout(patient(60_000 + SEEDS.length * 60_000));
    const sandbox = await startClientSandbox(profile, SEEDS[0] ?? 1);
    const amiss: string[] = [];
    const passedSomewhere = new Set<string>();
    try {
      for (const seed of SEEDS) {
        await setChaos(sandbox, { seed, ...FIGURES[profile] });
        const run = await gradedRun(sandbox, CLIENT_OPTIONS[profile]);
        const line = runLine(`chaos ${profile}, seed ${seed}`, run);
        console.log(line);
        await testInfo.attach(`report card, ${profile} seed ${seed}`, {
          body: run.summary,
          contentType: 'text/plain',
        });
        if (linesAmiss(run).length > 0 || run.outcome instanceof Error) amiss.push(`${line}\n${run.summary}`);
        for (const passed of run.lines.filter((one) => one.standing === 'passed'))
          passedSomewhere.add(passed.id);
      }
    } finally {
      await sandbox.stop();
    }
    expect(amiss, amiss.join('\n\n')).toEqual([]);
    const promised = PROMISED[profile];
    if (promised !== undefined && SEEDS.length >= 3)
      expect(passedSomewhere.has(promised), `${promised} passed on none of seeds ${SEEDS.join(', ')}`).toBe(
        true,
      );
  });
