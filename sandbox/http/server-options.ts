// What both servers of the sandbox set alike when they are made: the limits of a request, URLs
// with doubled slashes merged, and every failure the framework or Node's parser meets answered in
// the endpoint's own format. Each server adds its own body limit and transport.
import type { Server } from 'node:https';
import type { FastifyHttpsOptions, FastifyServerOptions } from 'fastify';
import { clientErrorHandler, type FormatForTarget, type RequestTargets } from './client-errors.js';
import type { ErrorResponder } from './error-handling.js';
import { LIMITS } from './limits.js';
import { mergedUrl } from './merge-slashes.js';
import { requestLog } from './request-log.js';

/** A request may take this long to arrive whole: a slow sender cannot hold a connection for ever. */
const REQUEST_TIMEOUT_MS = 30_000;

/** An idle connection between requests is closed after this (Fastify's default is 72 s). */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * What Node's server is made with, under each server's `http`/`https` options: a request's
 * headers must arrive within HEADERS_TIMEOUT_MS, and the time limits are checked every second
 * (Node's default, 30 s, let a held connection live up to 30 s past its limit).
 */
export const NODE_SERVER_TIMEOUTS = { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 } as const;

/**
 * A connection to an HTTPS server that stays silent this long before its handshake is done is
 * closed (Node's default waits 120 s): 1,100 connections that never began a handshake held 862
 * descriptors after 3 s. It is a silence, not a total: each handshake message restarts it, so a far
 * client (a few round trips of a second) still completes its handshake.
 */
export const TLS_HANDSHAKE_TIMEOUT_MS = 2_000;

/** What an HTTPS server of the sandbox is made with, beside its key and certificate. */
export const TLS_SERVER_OPTIONS = {
  ...NODE_SERVER_TIMEOUTS,
  handshakeTimeout: TLS_HANDSHAKE_TIMEOUT_MS,
} as const;

type Shared = Pick<
  FastifyServerOptions & FastifyHttpsOptions<Server>,
  | 'logger'
  | 'routerOptions'
  | 'requestTimeout'
  | 'keepAliveTimeout'
  | 'rewriteUrl'
  | 'frameworkErrors'
  | 'clientErrorHandler'
>;

export function sharedServerOptions(
  logRequests: boolean,
  targets: RequestTargets,
  formatFor: FormatForTarget,
  respond: ErrorResponder,
): Shared {
  return {
    logger: requestLog(logRequests),
    routerOptions: { maxParamLength: LIMITS.paramLength },
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    rewriteUrl: mergedUrl,
    frameworkErrors: (error, request, reply) => {
      respond(error, request, reply);
    },
    clientErrorHandler: clientErrorHandler(targets, formatFor),
  };
}
