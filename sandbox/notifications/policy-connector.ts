import { lookup } from 'node:dns/promises';
import { buildConnector } from 'undici';
import type { DeliveryPolicy } from './delivery-policy.js';

/** A delivery the policy refused after name resolution: recorded, never retried. */
export class DeliveryRefused extends Error {
  readonly code = 'ERR_SANDBOX_DELIVERY_REFUSED';
  constructor(readonly reason: string) {
    super(`refused by the delivery policy: ${reason}`);
    this.name = 'DeliveryRefused';
  }
}

/**
 * Connects only to addresses the policy allows: the name is resolved here, every address it
 * resolves to is checked, and the socket goes to the checked address (so a name that changes its
 * answer between check and connection cannot slip through). TLS still verifies the name.
 */
export function policyConnector(policy: DeliveryPolicy, timeout: number): buildConnector.connector {
  const connect = buildConnector({ timeout });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    lookup(host, { all: true, verbatim: true }).then(
      (addresses) => {
        const refusal =
          addresses.length === 0
            ? `${host} resolves to no address`
            : (addresses
                .map((one) => policy.refuseAddress(one.address, port, host))
                .find((one) => one !== null) ?? null);
        const first = addresses[0];
        if (refusal !== null || first === undefined)
          callback(new DeliveryRefused(refusal ?? `${host} resolves to no address`), null);
        else connect({ ...options, hostname: first.address }, callback);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), null);
      },
    );
  };
}
