import { test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { parseJsonBody, type HttpExchange } from '../../helpers/record/exchange.js';
import {
  expectRedirectWithCode,
  expectRedirectWithError,
} from '../../helpers/assert/expect-authorization.js';
import { trickyState } from '../../helpers/clients/random.js';
import { verify } from '../../helpers/assert/verify.js';

// The authorization endpoint's own tests: their set-up flows go through the browser too.
test.use({ setUpFlow: 'browser' });

test.describe('4.1 Authorization request: parameters it does not define', () => {
  test(
    'unrecognised parameters are ignored (a code) or refused with an invalid_request redirect',
    covers('R4.1-09'),
    async ({ client, authorize }) => {
      const state = trickyState();
      const outcome = await authorize({
        client,
        state,
        extra: [
          ['conformance_unknown_parameter', 'ignored'],
          ['nonce', 'n-0S6_WzA2Mj'],
        ],
      });
      const expected = { redirectUri: client.redirectUris[0] as string, state };
      // RFC 6749 3.1: the server MUST ignore unrecognised parameters; 7.1's "invalid parameter"
      // makes an invalid_request redirect a defensible answer too. An error page is neither.
      if (outcome.kind === 'redirected' && outcome.error !== null)
        expectRedirectWithError(outcome, { ...expected, errors: ['invalid_request'] });
      else expectRedirectWithCode(outcome, expected);
    },
  );
});

/** Whether basic user info answered the token (4.3): a 2xx carrying user_name. */
function answered(exchange: HttpExchange): boolean {
  const body = parseJsonBody(exchange);
  const status = exchange.response.status;
  return status >= 200 && status < 300 && body !== null && typeof body === 'object' && 'user_name' in body;
}

test.describe('4.1, 5 rule 1: the order of scope values is irrelevant', () => {
  test(
    'the same scopes in another order grant the same permissions',
    covers('R4.1-07'),
    async ({ client, issueToken, http, listing, target }) => {
      // Each pair is probed where one of its values makes the difference: basic user info needs
      // basic_user_info (4.3), the listing accepts autoupload and refuses chat (4.4).
      const probes = [
        {
          scopes: ['basic_user_info', 'chat'],
          probe: 'basic user info',
          allowed: async (token: string) =>
            answered(
              await http.send({
                method: 'POST',
                url: `${target.appsUrl}/oauth_api/basic_user_info`,
                headers: { 'content-type': 'application/json;charset=UTF-8' },
                body: JSON.stringify({ access_token: token }),
              }),
            ),
        },
        {
          scopes: ['autoupload', 'chat'],
          probe: 'the ad listing',
          allowed: async (token: string) => (await listing.page(token)).response.status === 200,
        },
      ];
      for (const { scopes, probe, allowed } of probes) {
        const forward = scopes.join(' ');
        const backward = [...scopes].reverse().join(' ');
        const answers = [
          await allowed(await issueToken(client, { scope: forward })),
          await allowed(await issueToken(client, { scope: backward })),
        ];
        verify(answers[0] === answers[1], {
          expected: `tokens for "${forward}" and "${backward}" to be treated alike by ${probe}`,
          observed: `${probe} ${answers[0] === true ? 'accepted' : 'refused'} the token for "${forward}" and ${answers[1] === true ? 'accepted' : 'refused'} the one for "${backward}"`,
        });
      }
    },
  );
});
