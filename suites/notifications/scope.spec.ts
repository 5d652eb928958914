import { settingsFor, test } from '../../fixtures/index.js';
import { covers, onPath } from '../../helpers/assert/covers.js';
import { expectReadUpdateDeleteRefused, expectRefused } from '../../helpers/assert/expect-notification.js';
import { setUpConfiguration } from '../../helpers/assert/set-up.js';
import { skipWhenGranted } from '../../helpers/assert/granted-scope.js';

test.describe('4.6 Notification configuration: the scope is autoupload', () => {
  // Every token shape without autoupload, not autoservice alone: a server that lets another
  // permission stand in for autoupload (chat, say) passes a check made with one shape only.
  for (const scope of ['autoservice', 'chat', 'basic_user_info', 'basic_user_info autoservice chat']) {
    test(
      `a token of scope "${scope}" (without autoupload) is refused by create, read, update and delete`,
      onPath(covers('R4.6-05', 'R5-06'), 'scope:insufficient'),
      async ({ client, issueToken, issueGrant, configure, notifications, endpoint }) => {
        // 4.6 names autoupload; the production documentation names autoservice on one page (field
        // notes), and the specification is the law: a token of autoservice alone is not enough.
        const { token: lacking, exchange } = await issueGrant(client, { scope });
        skipWhenGranted(exchange, scope, ['autoupload'], 'which the notification endpoints accept');
        const owner = await issueToken(client, { scope: 'autoupload' });
        const created = setUpConfiguration(await configure(owner, settingsFor(endpoint().url)));
        const ids = ['R4.6-05'];
        expectRefused(
          await configure(lacking, settingsFor(endpoint('lacking').url), { refusalExpected: true }),
          ids,
          `create with a token of scope "${scope}"`,
        );
        await expectReadUpdateDeleteRefused(
          notifications,
          lacking,
          created.id,
          settingsFor(endpoint('lacking-update').url),
          ids,
          `with a token of scope "${scope}"`,
        );
      },
    );
  }
});
