import type { FastifyRequest } from 'fastify';
import { Params } from '../http/params.js';
import type { CodeStore } from '../store/codes.js';

/**
 * Only for the fault code-consumed-by-failed-exchange: the code a failed token request carried is
 * marked used, as if the failure had redeemed it (section 3: only a successful request consumes it).
 */
export function consumeCodeOf(request: FastifyRequest, codes: CodeStore): void {
  const body = typeof request.body === 'string' ? request.body : '';
  const value = Params.fromEncoded(body).get('code');
  const code = value === undefined ? undefined : codes.find(value);
  if (code === undefined) return;
  code.used = true;
  codes.changed(code);
}
