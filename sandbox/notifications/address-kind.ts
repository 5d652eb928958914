import { BlockList, isIP } from 'node:net';

/**
 * What kind of address a delivery would reach. The sandbox may share a host: a notification URL
 * must not turn it into a proxy to the cloud metadata service (link-local), the host's private
 * network or the sandbox's own endpoints.
 */
export type AddressKind = 'loopback' | 'link-local' | 'private' | 'unspecified' | 'multicast' | 'public';

function ranges(entries: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']>): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of entries) list.addSubnet(network, prefix, family);
  return list;
}

const KINDS: ReadonlyArray<readonly [Exclude<AddressKind, 'public'>, BlockList]> = [
  [
    'loopback',
    ranges([
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ]),
  ],
  [
    'link-local',
    ranges([
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ]),
  ],
  [
    'private',
    ranges([
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['100.64.0.0', 10, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
      ['fec0::', 10, 'ipv6'],
      ['64:ff9b::', 96, 'ipv6'],
    ]),
  ],
  [
    'unspecified',
    ranges([
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
      ['255.255.255.255', 32, 'ipv4'],
    ]),
  ],
  [
    'multicast',
    ranges([
      ['224.0.0.0', 4, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ]),
  ],
];

/** An address without brackets, an IPv4-mapped or IPv4-compatible IPv6 one read as the IPv4 it holds. */
export function canonicalAddress(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 0) return null;
  if (family === 4) return bare;
  const mapped = /^(?:0{0,4}:){0,5}(?:ffff:)?((?:\d{1,3}\.){3}\d{1,3})$/i.exec(bare);
  if (mapped?.[1] !== undefined && isIP(mapped[1]) === 4) return mapped[1];
  const hexMapped = /^(?:0{0,4}:){0,5}(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hexMapped?.[1] !== undefined && hexMapped[2] !== undefined) {
    const high = parseInt(hexMapped[1], 16);
    const low = parseInt(hexMapped[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return bare.toLowerCase();
}

/** The kind of a literal address (canonical form, see canonicalAddress). */
export function addressKind(address: string): AddressKind {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  for (const [kind, list] of KINDS) if (list.check(address, family)) return kind;
  return 'public';
}
