import { test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { expectTokenError, expectTokenSuccess } from '../../helpers/assert/expect-token.js';
import { CODE_LIFETIME_MS } from '../../spec/limits.js';
import { patient } from '../../helpers/target/patience.js';

/**
 * The code's ten-minute lifetime (2.2, 8) in real time, for a target without the test helpers'
 * clock: the `slow` project (CONFORMANCE_SLOW=1) waits it out. Both tests start at once, first in
 * the run, each on a worker of its own (playwright.config.ts), so the run grows by about eleven
 * minutes at most, in parallel with the rest.
 *
 * Why 30 seconds on each side: the server measures the code's age on its own clock, from issue to
 * redemption, and the suite bounds the issue between the start and the end of the browser flow, so
 * the offset between the suite's clock and the server's cancels out. What remains is the redemption's
 * transit (at most the 15 s a request may take before the run calls the target broken), expiry
 * times kept in whole seconds, and the clocks of two server nodes (one issues, another redeems)
 * that NTP keeps within a second or so. 30 s covers all of these with room, and stays narrow
 * enough (5 % of the lifetime) that a server whose codes live nine or eleven minutes fails.
 */
const MARGIN_MS = 30_000;
/** The browser flow, the wait and the redemption, with room: well over the default 60 s. */
const SLOW_TIMEOUT_MS = CODE_LIFETIME_MS + 3 * 60_000;

/** Waits until the suite's clock reads `instant` (ms since the epoch). */
async function waitUntil(instant: number): Promise<void> {
  const delay = instant - Date.now();
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

test.describe('2.2 Authorization code: ten-minute lifetime, in real time', () => {
  test.describe.configure({ timeout: patient(SLOW_TIMEOUT_MS) });

  test(
    'a code is still valid 30 s before ten minutes, waited in real time',
    covers('R2.2-02', 'R8-02'),
    async ({ client, redemption: obtainRedemption, tokenEndpoint }) => {
      // The code is issued no earlier than this: waiting from here can only make it younger.
      const flowStarted = Date.now();
      const redemption = await obtainRedemption(client);
      await waitUntil(flowStarted + CODE_LIFETIME_MS - MARGIN_MS);
      expectTokenSuccess(await tokenEndpoint.redeem(redemption), ['R2.2-02', 'R8-02']);
    },
  );

  test(
    'a code is refused with invalid_grant 30 s after ten minutes, waited in real time',
    covers('R2.2-02', 'R8-02', 'R7.2-07'),
    async ({ client, redemption: obtainRedemption, tokenEndpoint }) => {
      const redemption = await obtainRedemption(client);
      // The code is issued no later than this: waiting from here can only make it older.
      const codeReceived = Date.now();
      await waitUntil(codeReceived + CODE_LIFETIME_MS + MARGIN_MS);
      expectTokenError(await tokenEndpoint.redeem(redemption), 'invalid_grant');
    },
  );
});
