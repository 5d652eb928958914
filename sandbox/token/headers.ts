import type { FastifyReply } from 'fastify';
import type { FaultSet } from '../faults.js';

/** 4.2 and 7.2: the three headers of every token response, success or failure. */
export function tokenHeaders(faults: FaultSet): Record<string, string> {
  return {
    'content-type': faults.has('token-content-type-no-charset')
      ? 'application/json'
      : 'application/json;charset=UTF-8',
    ...(faults.has('token-cache-control-missing') ? {} : { 'cache-control': 'no-store' }),
    ...(faults.has('token-pragma-missing') ? {} : { pragma: 'no-cache' }),
  };
}

export function setTokenHeaders(reply: FastifyReply, faults: FaultSet): FastifyReply {
  return reply.headers(tokenHeaders(faults));
}
