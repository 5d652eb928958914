import type { FastifyReply } from 'fastify';
import type { FaultSet } from '../faults.js';

/** 4.2 and 7.2: the three headers of every token response, success or failure. */
export function setTokenHeaders(reply: FastifyReply, faults: FaultSet): FastifyReply {
  reply.header(
    'content-type',
    faults.has('token-content-type-no-charset') ? 'application/json' : 'application/json;charset=UTF-8',
  );
  if (!faults.has('token-cache-control-missing')) reply.header('cache-control', 'no-store');
  if (!faults.has('token-pragma-missing')) reply.header('pragma', 'no-cache');
  return reply;
}
