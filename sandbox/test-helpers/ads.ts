import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HelperError } from '../../spec/errors.js';
import { LIMITS } from '../http/limits.js';
import { notifyStatusChange } from '../notifications/notify.js';
import type { NotificationsRules } from '../notifications/rules.js';
import type { SandboxState } from '../state/sandbox-state.js';
import type { Ad, AdPositions } from '../store/ads.js';
import { readAdsBody } from './ads-body.js';
import { SeedGate } from './seed-gate.js';
import { asBody } from './validate.js';

/** Contract: up to 200,000 ads in one call. */
export const MAX_SEEDED_ADS = 200_000;
const MAX_FIELD = 256;

export function registerAdHelpers(
  app: FastifyInstance,
  state: SandboxState,
  notifications: () => NotificationsRules,
): void {
  // In a scope of its own: this one route reads its (large) JSON body from the socket as it comes.
  void app.register((scope, _options, done) => {
    scope.addHook('onRequest', new SeedGate().enter);
    scope.addContentTypeParser('application/json', (_request, payload, parsed) => {
      parsed(null, payload);
    });
    scope.put<{ Params: { login: string } }>('/users/:login/ads', async (request, reply) => {
      try {
        return await replaceAds(state, request.params.login, bodyStream(request.body), reply);
      } catch (error) {
        // As the framework does when it refuses a body: the client may still be sending it, and a
        // connection left half-read would hold the server's close for minutes.
        if (!request.raw.complete) void reply.header('connection', 'close');
        throw error;
      }
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
    notifyStatusChange(state, notifications(), {
      login,
      adId: ad.id,
      listId: ad.list_id,
      category: ad.category,
      status,
      previousStatus,
      changedAt,
    });
    return reply.code(202).send({ id: ad.id, status: ad.status, changed_at: changedAt.toISOString() });
  });
}

/** The request's body stream; a request without a JSON body reads as an empty one (then a 400). */
function bodyStream(body: unknown): Readable {
  return body instanceof Readable ? body : Readable.from([]);
}

async function replaceAds(
  state: SandboxState,
  login: string,
  body: Readable,
  reply: FastifyReply,
): Promise<FastifyReply> {
  knownUser(state, login);
  // Refused on its declared length before a byte is read, as the framework's own limit does.
  if (Number(body instanceof IncomingMessage ? body.headers['content-length'] : 0) > LIMITS.seedAdsBodyBytes)
    throw new HelperError('BAD_REQUEST', `The body is larger than ${LIMITS.seedAdsBodyBytes} bytes.`);
  const withinCap = (count: number): void => {
    if (state.ads.totalAfterReplacing(login, count) > state.caps.ads)
      throw new HelperError(
        'BAD_REQUEST',
        `The sandbox holds at most ${state.caps.ads} ads across all users; this set would exceed it.`,
      );
  };
  // Built while reading: finds repeated ids, then indexes the set in the store.
  const positions: AdPositions = new Map();
  // The cap is checked as the elements are counted (a refused set is read no further) and after.
  const ads = await readAdsBody(body, {
    maxBytes: LIMITS.seedAdsBodyBytes,
    maxElements: MAX_SEEDED_ADS,
    accept: parseAd(positions),
    counted: withinCap,
  });
  // The user may have gone on meanwhile: check again after the reading's turns of the loop.
  knownUser(state, login);
  withinCap(ads.length);
  state.ads.replace(login, ads, positions);
  // A set of 100,000 ads takes the data file hundreds of milliseconds, written between requests:
  // answered before, a sandbox killed right after lost the set, and the writing ran on into the
  // caller's next requests (its crawl). The set answered is the set kept.
  await state.ads.journal.written();
  return reply.send({ count: ads.length });
}

function knownUser(state: SandboxState, login: string): string {
  if (!state.users.has(login)) throw new HelperError('NOT_FOUND', `No user ${JSON.stringify(login)}.`);
  return login;
}

/** Validates one ad (a bad one refuses the whole set, which then changes nothing); `seen` finds repeated ids. */
function parseAd(seen: AdPositions): (raw: unknown, index: number) => Ad {
  return (raw, index) => {
    const ad = raw as Partial<Record<keyof Ad, unknown>> | null;
    const { id, list_id: listId, status, category } = ad ?? {};
    const valid =
      typeof id === 'string' &&
      id !== '' &&
      id.length <= MAX_FIELD &&
      typeof status === 'string' &&
      status !== '' &&
      status.length <= MAX_FIELD &&
      optionalField(listId) &&
      optionalField(category);
    if (!valid)
      throw new HelperError(
        'BAD_REQUEST',
        `ads[${index}] needs a non-empty string id and status, and list_id and category non-empty strings when present.`,
      );
    if (seen.has(id))
      throw new HelperError('BAD_REQUEST', `ads[${index}]: id ${JSON.stringify(id)} appears twice.`);
    seen.set(id, index);
    // Assigned, not spread: up to 200,000 ads go through here in one call.
    const parsed: Ad = { id, status };
    if (listId !== undefined) parsed.list_id = listId;
    if (category !== undefined) parsed.category = category;
    return parsed;
  };
}

/** A field an ad may leave out (list_id; category, an addition delivered in AD_STATUS): a non-empty string. */
function optionalField(value: unknown): value is string | undefined {
  return value === undefined || (typeof value === 'string' && value !== '' && value.length <= MAX_FIELD);
}
