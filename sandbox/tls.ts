import { writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** The CA's key and certificate (PEM): what a data folder keeps, so that its fingerprint stays. */
export interface CaMaterial {
  key: string;
  cert: string;
}

export interface TlsMaterial {
  key: string;
  cert: string;
  /** The CA certificate's PEM file: what the suite trusts through TLS_CA_FILE. */
  caFile: string;
  ca: CaMaterial;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
/** A kept CA lasts ten years: a CA installed in a browser or a keystore should not need replacing. */
const CA_LIFETIME_MS = 10 * ONE_YEAR_MS;
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/**
 * The server certificate, made at every start and signed by `ca` (a kept one) or by a CA made now.
 * It names loopback and `host`; a host of every interface (0.0.0.0, ::) names this machine's name
 * and addresses instead.
 */
export async function generateTls(dir: string, host = '127.0.0.1', ca?: CaMaterial): Promise<TlsMaterial> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const authority = ca ?? (await generateCa(notBeforeDate));
  const leaf = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(Date.now() + ONE_YEAR_MS),
    ca: { key: authority.key, cert: authority.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: namesOf(host).map(altName) },
    ],
  });
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, authority.cert);
  return { key: leaf.private, cert: leaf.cert, caFile, ca: authority };
}

async function generateCa(notBeforeDate: Date): Promise<CaMaterial> {
  const ca = await generate([{ name: 'commonName', value: 'Classifieds Sandbox Test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + CA_LIFETIME_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  return { key: ca.private, cert: ca.cert };
}

/** Every name the certificate holds for a server bound to `host`. */
export function namesOf(host: string): string[] {
  const every = host === '0.0.0.0' || host === '::';
  const extra = every ? [hostname(), ...interfaceAddresses()] : [host];
  return [...new Set([...LOOPBACK_NAMES, ...extra])];
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).filter((entry) => !entry.internal).map((entry) => entry.address.split('%')[0] ?? ''),
  );
}

function altName(name: string): { type: 2; value: string } | { type: 7; ip: string } {
  return isIP(name) === 0 ? { type: 2, value: name } : { type: 7, ip: name };
}
