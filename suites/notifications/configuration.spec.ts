import { NEEDS_SECOND_USER, orSkip, settingsFor, test } from '../../fixtures/index.js';
import { asCase, covers, onPath } from '../../helpers/assert/covers.js';
import { setUpConfiguration } from '../../helpers/assert/set-up.js';
import {
  expectAccepted,
  expectDeleted,
  expectConfiguration,
  expectReadUpdateDeleteRefused,
  expectRefused,
} from '../../helpers/assert/expect-notification.js';
import { verify } from '../../helpers/assert/verify.js';
import type { NotificationCall } from '../../helpers/clients/notification-client.js';
import { skipWhenGranted } from '../../helpers/assert/granted-scope.js';

const ALL_FIELDS = ['R2.7-01', 'R2.7-02', 'R2.7-03', 'R2.7-04', 'R2.7-05', 'R2.7-06', 'R2.7-07'];

function without(settings: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([name]) => name !== field));
}

/** Bodies that break one rule of 2.7 each, with the requirement that rule stands in. */
const INVALID_SETTINGS: ReadonlyArray<{
  label: string;
  ids: string[];
  change: (valid: Record<string, unknown>) => Record<string, unknown>;
}> = [
  { label: 'method GET', ids: ['R2.7-02'], change: (valid) => ({ ...valid, method: 'GET' }) },
  { label: 'method missing', ids: ['R2.7-02'], change: (valid) => without(valid, 'method') },
  {
    label: 'media_type text/xml',
    ids: ['R2.7-04'],
    change: (valid) => ({ ...valid, media_type: 'text/xml' }),
  },
  { label: 'media_type missing', ids: ['R2.7-04'], change: (valid) => without(valid, 'media_type') },
  { label: 'token missing', ids: ['R2.7-05'], change: (valid) => without(valid, 'token') },
  { label: 'token empty', ids: ['R2.7-05'], change: (valid) => ({ ...valid, token: '' }) },
  { label: 'url missing', ids: ['R2.7-03'], change: (valid) => without(valid, 'url') },
  { label: 'url malformed', ids: ['R2.7-03'], change: (valid) => ({ ...valid, url: 'not a url' }) },
  { label: 'url relative', ids: ['R2.7-03'], change: (valid) => ({ ...valid, url: '/hooks/relative' }) },
];

test.describe('4.6 Notification configuration', () => {
  test(
    'create returns the six fields with an assigned UUID and type, and read returns the same',
    onPath(covers('R4.6-01', 'R4.6-02', 'R4.6-05', ...ALL_FIELDS, 'R9-02'), 'scope:sufficient'),
    async ({ client, issueToken, configure, notifications, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const settings = settingsFor(endpoint().url);
      const created = expectConfiguration(await configure(token, settings), settings, ['R4.6-01', 'R9-02']);
      const readExchange = await notifications.read(token, created.id);
      const read = expectConfiguration(readExchange, settings, ['R4.6-02']);
      verify(
        read.id === created.id,
        'R4.6-02',
        `id ${created.id}, as create returned`,
        `id ${read.id}`,
        readExchange,
      );
    },
  );

  test(
    'an update is persisted: read shows the new url and token',
    // The lifecycle model carries these ids too: the secret scan's slice selects this one by case.
    asCase(covers('R4.6-03', 'R4.6-02'), 'update-persisted'),
    async ({ client, issueToken, configure, notifications, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const before = settingsFor(endpoint('before').url);
      const created = setUpConfiguration(await configure(token, before));
      const next = settingsFor(endpoint('after').url);
      expectAccepted(await notifications.update(token, created.id, next), ['R4.6-03'], 'the update');
      const readExchange = await notifications.read(token, created.id);
      const read = expectConfiguration(readExchange, next, ['R4.6-03']);
      verify(
        read.id === created.id,
        'R4.6-03',
        `id ${created.id} kept by the update`,
        `id ${read.id}`,
        readExchange,
      );
    },
  );

  test(
    'after a delete, read of the configuration is refused',
    asCase(covers('R4.6-04'), 'read-after-delete'),
    async ({ client, issueToken, configure, notifications, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const settings = settingsFor(endpoint().url);
      const created = setUpConfiguration(await configure(token, settings));
      expectDeleted(await notifications.remove(token, created.id), ['R4.6-04'], 'the delete');
      expectRefused(
        await notifications.read(token, created.id),
        ['R4.6-04'],
        'the configuration was deleted',
      );
    },
  );

  test(
    'every rule of 2.7 is enforced on create and on update; a refused update changes nothing',
    covers('R2.7-02', 'R2.7-03', 'R2.7-04', 'R2.7-05', 'R4.6-03'),
    async ({ client, issueToken, configure, notifications, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const valid = settingsFor(endpoint().url);
      const created = setUpConfiguration(await configure(token, valid));
      for (const { label, ids, change } of INVALID_SETTINGS) {
        const body = change(settingsFor(endpoint(label.replace(/\W+/g, '-')).url));
        await test.step(`create with ${label}`, async () => {
          expectRefused(await configure(token, body, { refusalExpected: true }), ids, `create with ${label}`);
        });
        await test.step(`update with ${label}`, async () => {
          expectRefused(await notifications.update(token, created.id, body), ids, `update with ${label}`);
          expectConfiguration(await notifications.read(token, created.id), valid, [...ids, 'R4.6-03']);
        });
      }
    },
  );

  test(
    'a token without autoupload, an unknown token and no Authorization header are refused',
    onPath(covers('R4.6-05', 'R5-06', 'R5-07'), 'scope:insufficient'),
    async ({ client, issueToken, issueGrant, configure, notifications, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const otherScopes = await issueGrant(client, { scope: 'basic_user_info chat' });
      const settings = settingsFor(endpoint().url);
      const created = setUpConfiguration(await configure(token, settings));
      const refused = (label: string, call: NotificationCall, bearer: string) =>
        test.step(label, async () => {
          const ids = ['R4.6-05', 'R5-06'];
          const body = settingsFor(endpoint().url);
          expectRefused(
            await configure(bearer, body, { ...call, refusalExpected: true }),
            ids,
            `create with ${label}`,
          );
          expectRefused(await notifications.read(bearer, created.id, call), ids, `read with ${label}`);
          expectRefused(
            await notifications.update(bearer, created.id, body, call),
            ids,
            `update with ${label}`,
          );
          expectRefused(await notifications.remove(bearer, created.id, call), ids, `delete with ${label}`);
          expectConfiguration(await notifications.read(token, created.id), settings, ['R4.6-05']);
        });
      await refused('an unknown token', { authorization: 'Bearer not-a-token-issued-by-this-server' }, token);
      await refused('no Authorization header', { authorization: null }, token);
      // Last: a server that grants autoupload beyond the request leaves this one unchecked.
      skipWhenGranted(
        otherScopes.exchange,
        'basic_user_info chat',
        ['autoupload'],
        'which the notification endpoints accept',
      );
      await refused('a basic_user_info chat token', {}, otherScopes.token);
    },
  );

  test(
    "one user cannot read, update or delete another user's configuration",
    onPath(covers('R4.6-06', 'R5-06'), 'user:first', 'user:second'),
    async ({ client, user, secondUser, issueToken, configure, notifications, endpoint }) => {
      // Two users, fresh ones or TARGET_USER_* and TARGET_USER2_*: no helper is needed past them.
      const other = orSkip(secondUser, NEEDS_SECOND_USER);
      const owner = await issueToken(client, { scope: 'autoupload', user });
      const stranger = await issueToken(client, { scope: 'autoupload', user: other });
      const settings = settingsFor(endpoint().url);
      const created = setUpConfiguration(await configure(owner, settings));
      const ids = ['R4.6-06'];
      await expectReadUpdateDeleteRefused(
        notifications,
        stranger,
        created.id,
        settingsFor(endpoint('hijack').url),
        ids,
        "of another user's configuration",
      );
      expectConfiguration(await notifications.read(owner, created.id), settings, ids);
    },
  );
});
