import { settingsFor, test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { expectReadUpdateDeleteRefused, expectRefused } from '../../helpers/assert/expect-notification.js';
import { setUpConfiguration } from '../../helpers/assert/set-up.js';

test.describe('4.6 Notification configuration: the scope is autoupload', () => {
  test(
    'a token with autoservice only is refused by create, read, update and delete',
    covers('R4.6-05', 'R5-06'),
    async ({ client, issueToken, configure, notifications, endpoint }) => {
      // 4.6 names autoupload; the production documentation names autoservice on one page (field
      // notes), and the specification is the law: a token of autoservice alone is not enough.
      const owner = await issueToken(client, { scope: 'autoupload' });
      const autoservice = await issueToken(client, { scope: 'autoservice' });
      const created = setUpConfiguration(await configure(owner, settingsFor(endpoint().url)));
      const ids = ['R4.6-05'];
      expectRefused(
        await configure(autoservice, settingsFor(endpoint('autoservice').url)),
        ids,
        'create with an autoservice-only token',
      );
      await expectReadUpdateDeleteRefused(
        notifications,
        autoservice,
        created.id,
        settingsFor(endpoint('autoservice-update').url),
        ids,
        'with an autoservice-only token',
      );
    },
  );
});
