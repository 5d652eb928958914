import type { FastifyReply } from 'fastify';
import type { FaultSet } from '../faults.js';
import type { VariantSet } from '../variants.js';

/** 4.2 and 7.2: the three headers of every token response, success or failure. */
export function tokenHeaders({ faults, variants }: Switches): Record<string, string> {
  return {
    'content-type': contentType(faults, variants),
    ...(faults.has('token-cache-control-missing') ? {} : { 'cache-control': 'no-store' }),
    ...(faults.has('token-pragma-missing') ? {} : { pragma: 'no-cache' }),
  };
}

export function setTokenHeaders(reply: FastifyReply, switches: Switches): FastifyReply {
  return reply.headers(tokenHeaders(switches));
}

interface Switches {
  faults: FaultSet;
  variants: VariantSet;
}

/** The variant drops the charset parameter (RFC 8259 gives it no meaning); the fault is not JSON at all. */
function contentType(faults: FaultSet, variants: VariantSet): string {
  if (faults.has('token-content-type-text-plain')) return 'text/plain;charset=UTF-8';
  return variants.has('token-other-refusals') ? 'application/json' : 'application/json;charset=UTF-8';
}
