import type { RawResponse } from './raw-http.js';
import { jsonRequest, obtainToken, type FuzzWorld } from './seed.js';
import { PUBLISHED_PATH } from '../../spec/paths.js';

/** What the owner's account looks like through the API: it must not change under the fuzz. */
export interface Snapshot {
  listing: unknown;
  notification: unknown;
  basicUserInfo: unknown;
}

/**
 * Reads the owner's ads, notification configuration and user info; with `freshLogin`, through a
 * token obtained now (the client still works, the user still logs in and consents).
 */
export async function snapshotOf(
  world: FuzzWorld,
  options: { freshLogin?: boolean } = {},
): Promise<Snapshot> {
  const token = options.freshLogin === true ? await obtainToken(world.auth, world.owner) : world.owner.token;
  const bearer = [['authorization', `Bearer ${token}`]] as const;
  return {
    listing: answer(await jsonRequest(world.apps, 'GET', PUBLISHED_PATH, undefined, bearer)),
    notification: answer(
      await jsonRequest(
        world.apps,
        'GET',
        `/autoservice/v1/notification/${world.ownerNotificationId}`,
        undefined,
        bearer,
      ),
    ),
    basicUserInfo: answer(
      await jsonRequest(world.apps, 'POST', '/oauth_api/basic_user_info', { access_token: token }, []),
    ),
  };
}

function answer(response: RawResponse): unknown {
  return { status: response.status, body: JSON.parse(response.body.toString('utf8')) as unknown };
}
