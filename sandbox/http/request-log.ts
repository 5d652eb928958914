// What SANDBOX_LOG writes of each request: Fastify's own line, its URL's query values and any
// userinfo masked as the journal masks a webhook's (notifications/url-credentials.ts), since a log
// is an output too and a client may put a credential in a URL (a token as a query parameter, a
// redirect_uri with a password).
import type { Server } from 'node:https';
import type { FastifyLoggerOptions } from 'fastify';
import { maskedWebhookUrl } from '../notifications/url-credentials.js';

const MASK = 'masked';

/** The logger option of a server: off, or Fastify's logger with the request's URL masked. */
export function requestLog(logRequests: boolean): boolean | FastifyLoggerOptions<Server> {
  if (!logRequests) return false;
  return {
    serializers: {
      req: (request) => ({
        method: request.method,
        url: maskedWebhookUrl(request.url, () => MASK),
        ...(request.socket.remoteAddress === undefined
          ? {}
          : { remoteAddress: request.socket.remoteAddress }),
        ...(request.socket.remotePort === undefined ? {} : { remotePort: request.socket.remotePort }),
      }),
    },
  };
}
