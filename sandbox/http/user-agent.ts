import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer } from './error-answer.js';
import { routedPath } from './merge-slashes.js';
import { originNotFound } from './origin-pages.js';

/**
 * Field notes: some older endpoints, the catalog lookups and the ad import, have answered 404 to
 * requests without a browser-like User-Agent (the documentation's examples send one). The switch
 * user-agent-404 (off by default: a sandbox must not require any) shows it to a client: those
 * endpoints answer the origin's 404 page to a User-Agent that does not start as browsers' do.
 */
const OLDER_ENDPOINTS =
  /^\/autoupload\/(?:v1\/)?(?:car_info|moto_info|cellphone_info|moto_cubiccms_info|import|ads)(?:\/|$)/;
const BROWSER_LIKE = /^Mozilla\/\d/;

/** An onRequest hook of the resource server; `required` is read at each request. */
export function userAgentGate(
  required: () => boolean,
): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  return (request, reply) => {
    const turnedAway =
      required() &&
      OLDER_ENDPOINTS.test(routedPath(request.url)) &&
      !BROWSER_LIKE.test(request.headers['user-agent'] ?? '');
    return Promise.resolve(turnedAway ? sendAnswer(reply, originNotFound()) : undefined);
  };
}
