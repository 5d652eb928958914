import { randomUUID } from 'node:crypto';
import { settingsFor, test } from '../../fixtures/index.js';
import { covers } from '../../helpers/assert/covers.js';
import { setUpConfiguration } from '../../helpers/assert/set-up.js';
import { expectConfiguration } from '../../helpers/assert/expect-notification.js';
import { parseJsonBody, type HttpExchange } from '../../helpers/record/exchange.js';
import { verify } from '../../helpers/assert/verify.js';

/** A type of the client's own: not AD_STATUS, which is what a server that ignores it answers. */
const CLIENT_TYPE = 'CONFORMANCE_CLIENT_TYPE';

/**
 * 2.7: id and type are "assigned by the service". Sent by the client, either is ignored (the
 * answer's id is not the client's, the type stays AD_STATUS) or the request is refused with a 4xx;
 * the spec does not say which.
 */
function refusedAs4xx(exchange: HttpExchange): boolean {
  return exchange.response.status >= 400 && exchange.response.status < 500;
}

/** The id and type a configuration answer shows, to say what was taken from the client. */
function assigned(exchange: HttpExchange): string {
  const body = parseJsonBody(exchange) as { id?: unknown; type?: unknown } | undefined;
  return `HTTP ${exchange.response.status}, id ${JSON.stringify(body?.id)}, type ${JSON.stringify(body?.type)}`;
}

test.describe('2.7 Notification configuration: id and type are the service’s', () => {
  test(
    'a create carrying an id and a type of the client’s own is refused with a 4xx, or answered with the service’s',
    covers('R2.7-01', 'R2.7-06', 'R4.6-01'),
    async ({ client, issueToken, configure, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const settings = settingsFor(endpoint().url);
      const clientId = randomUUID();
      const sent = { ...settings, id: clientId, type: CLIENT_TYPE };
      const exchange = await configure(token, sent);
      if (refusedAs4xx(exchange)) return;
      // The schema check holds type to AD_STATUS (R2.7-06): a type taken from the client fails there.
      const created = expectConfiguration(exchange, sent, ['R2.7-01', 'R2.7-06', 'R4.6-01']);
      verify(
        created.id !== clientId,
        ['R2.7-01', 'R2.7-06'],
        `a 4xx, or an id other than the one sent (${clientId}) and type AD_STATUS`,
        assigned(exchange),
        exchange,
      );
    },
  );

  test(
    'an update carrying an id and a type of the client’s own is refused with a 4xx, or leaves both as assigned',
    covers('R2.7-01', 'R2.7-06', 'R4.6-03'),
    async ({ client, issueToken, configure, notifications, endpoint }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const created = setUpConfiguration(await configure(token, settingsFor(endpoint('before').url)));
      const next = settingsFor(endpoint('after').url);
      const updated = await notifications.update(token, created.id, {
        ...next,
        id: randomUUID(),
        type: CLIENT_TYPE,
      });
      if (refusedAs4xx(updated)) return;
      const readExchange = await notifications.read(token, created.id);
      // Read by the assigned id: an update that took the client's id has moved it (and fails here).
      const read = expectConfiguration(readExchange, next, ['R2.7-01', 'R2.7-06', 'R4.6-03']);
      verify(
        read.id === created.id,
        ['R2.7-01', 'R2.7-06'],
        `a 4xx, or the configuration read back with its id ${created.id} and type AD_STATUS`,
        assigned(readExchange),
        readExchange,
      );
    },
  );
});
