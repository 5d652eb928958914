import { BlockList, isIP } from 'node:net';
import { addressKind, canonicalAddress, type AddressKind } from './address-kind.js';

/**
 * Where deliveries may go (README, "The sandbox's choices"). SANDBOX_WEBHOOK_ALLOW lists what is
 * allowed, comma-separated: address kinds (`loopback`, `public`, `private`, `link-local`), CIDRs or
 * addresses (`10.1.0.0/16`, `::1`) and host names (`hooks.example.com`, allowed whatever they
 * resolve to). Unset, it is `loopback,public`: the suite's receiver lives on loopback, and the
 * metadata service, the host's private network and the sandbox's own ports stay out of reach.
 * The sandbox's own ports are refused whatever the list says.
 */
export const DEFAULT_WEBHOOK_ALLOW = 'loopback,public';

const KIND_NAMES: readonly AddressKind[] = ['loopback', 'public', 'private', 'link-local'];

export class DeliveryPolicy {
  private readonly kinds = new Set<AddressKind>();
  private readonly networks = new BlockList();
  private readonly hosts = new Set<string>();
  /** The sandbox's own listening ports, filled in once the servers listen. */
  readonly ownPorts = new Set<number>();

  constructor(allow: string = DEFAULT_WEBHOOK_ALLOW) {
    for (const entry of allow.split(/[\s,]+/).filter((one) => one !== '')) this.add(entry.toLowerCase());
  }

  private add(entry: string): void {
    const kind = KIND_NAMES.find((name) => name === entry);
    if (kind !== undefined) {
      this.kinds.add(kind);
      return;
    }
    const [network = '', prefix] = entry.split('/');
    const address = canonicalAddress(network);
    if (address !== null) {
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      const bits = prefix === undefined ? (family === 'ipv6' ? 128 : 32) : Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 'ipv6' ? 128 : 32))
        throw new Error(`SANDBOX_WEBHOOK_ALLOW: bad prefix length in ${JSON.stringify(entry)}`);
      this.networks.addSubnet(address, bits, family);
      return;
    }
    if (!/^[a-z0-9.-]+$/.test(entry))
      throw new Error(
        `SANDBOX_WEBHOOK_ALLOW: not a kind, address, CIDR or host name: ${JSON.stringify(entry)}`,
      );
    this.hosts.add(entry.replace(/\.$/, ''));
  }

  /**
   * Why a delivery URL is refused before any name resolution (null: not refused yet). A host name
   * that is not listed passes here and is checked on every delivery, after resolution.
   */
  refuseUrl(url: URL): string | null {
    const address = canonicalAddress(url.hostname);
    if (address === null) return null;
    return this.refuseAddress(address, portOf(url), hostOf(url));
  }

  /** Why delivering to this resolved (or literal) address and port is refused, or null. */
  refuseAddress(resolved: string, port: number, host: string): string | null {
    const address = canonicalAddress(resolved) ?? resolved;
    const kind = addressKind(address);
    if ((kind === 'loopback' || kind === 'unspecified') && this.ownPorts.has(port))
      return `${host} (${address}) port ${port} is the sandbox itself`;
    if (this.hosts.has(host)) return null;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (this.kinds.has(kind) || this.networks.check(address, family)) return null;
    return `${host} resolves to ${address}, a ${kind} address outside SANDBOX_WEBHOOK_ALLOW`;
  }

  /** Host names the list allows whatever they resolve to. */
  allowsHost(host: string): boolean {
    return this.hosts.has(host);
  }
}

export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '');
}
