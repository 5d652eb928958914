import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxState } from '../state.js';
import { Params } from '../http/params.js';
import { withResponseParams } from '../oauth/redirect-uri.js';

/**
 * Variant token-other-refusals: refusals a correct server may give in another layer than the
 * token endpoint's 7.2 JSON (a proxy's 413 or 415, a redirect for a GET). None yields a token.
 */
export function refuseOtherwise(reply: FastifyReply, status: 413 | 415): FastifyReply {
  const text = status === 413 ? 'Request entity too large' : 'Unsupported media type';
  return reply.code(status).header('content-type', 'text/plain').send(text);
}

/** A GET of the token endpoint sent back to the client's registered URI with an error, or 405. */
export function redirectGet(request: FastifyRequest, reply: FastifyReply, state: SandboxState): FastifyReply {
  const query = Params.fromUrl(request.raw.url ?? '');
  const client = state.clients.find(query.get('client_id') ?? '');
  const redirectUri = query.get('redirect_uri');
  if (client === undefined || redirectUri === undefined || !client.redirectUris.includes(redirectUri))
    return reply.code(405).header('allow', 'POST').header('content-type', 'text/plain').send('Use POST.');
  return reply
    .code(302)
    .header('location', withResponseParams(redirectUri, { error: 'invalid_request' }))
    .send();
}
