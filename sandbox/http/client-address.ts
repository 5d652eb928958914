import { isIP } from 'node:net';

/**
 * Who sent a request, for per-address limits: the IPv4 address, or the /64 of an IPv6 one (one
 * host commonly holds a whole /64, so finer keys would let it multiply its quota).
 */
export function addressKey(remoteAddress: string | undefined): string {
  const address = (remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.)/i, '');
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups.slice(0, 4).join(':')}::/64`;
}
