import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenError } from '../../spec/errors.js';
import type { ErrorAnswer, Failure } from '../http/error-answer.js';
import { Params } from '../http/params.js';
import { withResponseParams } from '../oauth/redirect-uri.js';
import { bodyText, MAX_VALUE_LENGTH, mediaType } from './check-form.js';
import { RawRefusal, type TokenCall, type TokenCheck, type TokenExchange } from './exchange.js';
import type { ExchangeChecks } from './pipeline.js';

/**
 * Variant token-other-refusals: refusals a correct server may give in another order or layer than
 * the reference's 7.2 JSON (the client authenticated first, a proxy's 413 or 415, a redirect for a
 * GET). None yields a token.
 */

type FormRead = (exchange: TokenExchange) => void;

/** A JSON body is 415 and an oversized value 413, before the form is read. */
export function otherLayerFirst(read: FormRead): FormRead {
  return (exchange) => {
    const status = otherLayerRefusal(exchange.request);
    if (status !== undefined) throw new RawRefusal((reply) => refuseOtherwise(reply, status));
    read(exchange);
  };
}

function otherLayerRefusal(request: FastifyRequest): 413 | 415 | undefined {
  if (mediaType(request) === 'application/json') return 415;
  return bodyText(request).length > MAX_VALUE_LENGTH ? 413 : undefined;
}

function refuseOtherwise(reply: FastifyReply, status: 413 | 415): FastifyReply {
  const text = status === 413 ? 'Request entity too large' : 'Unsupported media type';
  return reply.code(status).header('content-type', 'text/plain').send(text);
}

/** The client is authenticated before anything else of the request is read. */
export function clientFirst(order: readonly TokenCheck[], rules: ExchangeChecks): readonly TokenCheck[] {
  const others = order.filter((check) => check !== rules.clientAuthenticated);
  const at = others.indexOf(rules.grantTypePresent);
  return [...others.slice(0, at), rules.clientAuthenticated, ...others.slice(at)];
}

/** Missing credentials are failed authentication. */
export function credentialMissingUnauthenticated(name: string): TokenError {
  return new TokenError('invalid_client', `${name} is missing.`);
}

/** An oversized or non-form body the framework refused is left to its own layer. */
export function otherLayerAnswer(failure: Failure): ErrorAnswer | undefined {
  if (failure.status !== 413 && failure.status !== 415) return undefined;
  return { status: failure.status, headers: { 'content-type': 'text/plain' }, body: failure.message };
}

/** A GET of the token endpoint sent back to the client's registered URI with an error, or 405. */
export function redirectGet({ request, reply, state }: TokenCall): FastifyReply {
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
