import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** The CA certificate's PEM file: what the suite trusts through TLS_CA_FILE. */
  caFile: string;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/** A CA made at start, and a loopback server certificate it signs: nothing to install, nothing reused. */
export async function generateTls(dir: string): Promise<TlsMaterial> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(Date.now() + ONE_YEAR_MS);
  const ca = await generate([{ name: 'commonName', value: 'Classifieds Sandbox Test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.cert);
  return { key: leaf.private, cert: leaf.cert, caFile };
}
