import { settingsFor, test } from '../fixtures/index.js';
import { CatalogClient } from '../helpers/clients/catalog-client.js';
import { CUBIC_CAPACITIES_PATH } from '../spec/paths.js';
import { covers } from '../helpers/assert/covers.js';
import { expectJsonBody } from '../helpers/assert/expect-json-body.js';
import { setUpConfiguration } from '../helpers/assert/set-up.js';

/** 4: "all bodies are JSON unless stated"; one test per endpoint family, so one deviation is one red test. */
test.describe('4 Conventions: every body is JSON, with a JSON media type', () => {
  test(
    'basic user info answers and refusals are JSON',
    covers('R4-01'),
    async ({ client, issueToken, http, target }) => {
      const token = await issueToken(client, { scope: 'basic_user_info' });
      for (const [what, accessToken] of [
        ['basic user info', token],
        ['basic user info refusing an unknown token', 'not-a-token-issued-by-this-server'],
      ] as const) {
        const exchange = await http.send({
          method: 'POST',
          url: `${target.appsUrl}/oauth_api/basic_user_info`,
          headers: { 'content-type': 'application/json;charset=UTF-8' },
          body: JSON.stringify({ access_token: accessToken }),
        });
        expectJsonBody(exchange, [], what);
      }
    },
  );

  test(
    'listing pages and listing errors are JSON',
    covers('R4-01'),
    async ({ client, issueToken, listing }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      expectJsonBody(await listing.page(token), [], 'the ad listing');
      expectJsonBody(
        await listing.page(token, { authorization: null }),
        [],
        'the ad listing without Authorization',
      );
    },
  );

  test(
    'catalog answers and refusals are JSON',
    covers('R4-01'),
    async ({ client, issueToken, http, target }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const catalogs = new CatalogClient(http, target.appsUrl);
      expectJsonBody(
        await catalogs.lookup('/autoupload/car_info', { access_token: token }),
        [],
        'the car brands',
      );
      expectJsonBody(
        await catalogs.lookup(CUBIC_CAPACITIES_PATH, { access_token: token }),
        [],
        'the cubic capacities',
      );
      expectJsonBody(
        await catalogs.lookup('/autoupload/car_info', { access_token: 'not-a-token-issued-by-this-server' }),
        [],
        'the car brands refusing an unknown token',
      );
    },
  );

  test(
    'notification configuration answers and refusals are JSON',
    covers('R4-01'),
    async ({ client, issueToken, configure, notifications, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const created = await configure(token, settingsFor(endpoint().url));
      expectJsonBody(created, [], 'create');
      const { id } = setUpConfiguration(created);
      expectJsonBody(await notifications.read(token, id), [], 'read');
      expectJsonBody(await notifications.update(token, id, settingsFor(endpoint('next').url)), [], 'update');
      expectJsonBody(
        await notifications.read(token, id, { authorization: 'Bearer not-a-token-issued-by-this-server' }),
        [],
        'read refusing an unknown token',
      );
      expectJsonBody(await notifications.remove(token, id), [], 'delete');
    },
  );
});
