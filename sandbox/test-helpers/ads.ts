import type { FastifyInstance } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import { LIMITS } from '../http/limits.js';
import { notifyStatusChange } from '../notifications/notify.js';
import type { SandboxState } from '../state.js';
import type { Ad } from '../store/ads.js';
import { readAdsBody } from './ads-body.js';
import { SeedGate } from './seed-gate.js';
import { asBody } from './validate.js';

/** Contract: up to 200,000 ads in one call. */
export const MAX_SEEDED_ADS = 200_000;
const MAX_FIELD = 256;

export function registerAdHelpers(app: FastifyInstance, state: SandboxState): void {
  // In a scope of its own: this one route reads its (large) JSON body as bytes, a slice at a time.
  void app.register((scope, _options, done) => {
    scope.addHook('onRequest', new SeedGate().enter);
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: LIMITS.seedAdsBodyBytes },
      (_request, body, parsed) => {
        parsed(null, body);
      },
    );
    scope.put<{ Params: { login: string } }>('/users/:login/ads', async (request, reply) => {
      const login = knownUser(state, request.params.login);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const withinCap = (count: number): void => {
        if (state.ads.totalAfterReplacing(login, count) > state.caps.ads)
          throw new HelperError(
            'BAD_REQUEST',
            `The sandbox holds at most ${state.caps.ads} ads across all users; this set would exceed it.`,
          );
      };
      // The cap is checked before parsing (a refused set costs no objects) and again after.
      const ads = await readAdsBody(bytes, MAX_SEEDED_ADS, parseAd(new Set<string>()), withinCap);
      // The user may have gone on meanwhile: check again after the reading's turns of the loop.
      knownUser(state, login);
      withinCap(ads.length);
      state.ads.replace(login, ads);
      return reply.send({ count: ads.length });
    });
    done();
  });

  app.post<{ Params: { login: string; id: string } }>('/users/:login/ads/:id/status', (request, reply) => {
    const login = knownUser(state, request.params.login);
    const ad = state.ads.find(login, request.params.id);
    if (ad === undefined)
      throw new HelperError('NOT_FOUND', `No ad ${JSON.stringify(request.params.id)} for this user.`);
    const status = asBody(request.body).status;
    if (typeof status !== 'string' || status === '' || status.length > MAX_FIELD)
      throw new HelperError('BAD_REQUEST', '"status" must be a non-empty string.');
    const previousStatus = ad.status;
    const changedAt = new Date();
    state.ads.changeStatus(login, ad, status);
    notifyStatusChange(state, { login, adId: ad.id, listId: ad.list_id, status, previousStatus, changedAt });
    return reply.code(202).send({ id: ad.id, status: ad.status, changed_at: changedAt.toISOString() });
  });
}

function knownUser(state: SandboxState, login: string): string {
  if (!state.users.has(login)) throw new HelperError('NOT_FOUND', `No user ${JSON.stringify(login)}.`);
  return login;
}

/** Validates one ad (a bad one refuses the whole set, which then changes nothing); `seen` finds repeated ids. */
function parseAd(seen: Set<string>): (raw: unknown, index: number) => Ad {
  return (raw, index) => {
    const ad = raw as Partial<Record<keyof Ad, unknown>> | null;
    const { id, list_id: listId, status } = ad ?? {};
    const valid =
      typeof id === 'string' &&
      id !== '' &&
      id.length <= MAX_FIELD &&
      typeof status === 'string' &&
      status !== '' &&
      status.length <= MAX_FIELD &&
      (listId === undefined || (typeof listId === 'string' && listId !== '' && listId.length <= MAX_FIELD));
    if (!valid)
      throw new HelperError(
        'BAD_REQUEST',
        `ads[${index}] needs a non-empty string id and status, and list_id a non-empty string when present.`,
      );
    if (seen.has(id))
      throw new HelperError('BAD_REQUEST', `ads[${index}]: id ${JSON.stringify(id)} appears twice.`);
    seen.add(id);
    return listId === undefined ? { id, status } : { id, list_id: listId, status };
  };
}
