import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import { BrokenEnvironmentError, describeNetworkError } from './broken-environment.js';
import { environment, type Environment } from '../../config/environment.js';

/**
 * How the browser trusts a private CA (TLS_CA_FILE) and nothing else. Chromium has no flag that
 * adds a trust anchor: `--ignore-certificate-errors-spki-list` accepts a server whose own
 * certificate holds one of the listed public keys, and only that (tried: a CA's key in the list
 * is not enough, even when the server sends the CA). So Node first checks, with full
 * verification against that CA alone (chain, validity, host name), the certificate each https
 * origin the browser visits presents; the browser is then told that server's key and no other.
 * Any other certificate, from any other CA or none, stays an error in the browser, and the TLS
 * handshake proves that the server holds the private key of the key it was told.
 */

/** Set by global setup: the pinned keys, for the workers' browsers (playwright.config.ts). */
export const BROWSER_SPKI_VARIABLE = 'CONFORMANCE_BROWSER_SPKI';

const HANDSHAKE_TIMEOUT_MS = 5_000;

/** The Chromium flag for the pinned keys in the environment (none when there are none). */
export function browserTrustArgs(env: Environment = environment()): string[] {
  const pins = (env[BROWSER_SPKI_VARIABLE] ?? '').trim();
  return pins === '' ? [] : [`--ignore-certificate-errors-spki-list=${pins}`];
}

/** base64 of the SHA-256 of a certificate's SubjectPublicKeyInfo, as Chromium's flag wants it. */
export function spkiHash(certificate: X509Certificate): string {
  const der = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/**
 * The keys to pin for the https URLs among `urls`: each server's certificate, verified against
 * the CA file alone. A server whose certificate does not verify is a broken environment.
 */
export async function pinnedKeys(urls: readonly string[], caFile: string): Promise<string[]> {
  const ca = readFileSync(caFile, 'utf8');
  const origins = [
    ...new Set(
      urls
        .map((url) => new URL(url))
        .filter((url) => url.protocol === 'https:')
        .map((url) => url.host),
    ),
  ];
  const hashes = await Promise.all(origins.map((host) => verifiedKey(host, ca)));
  return [...new Set(hashes)];
}

function verifiedKey(host: string, ca: string): Promise<string> {
  const { hostname, port } = new URL(`https://${host}`);
  const bare = hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: bare,
      port: Number(port === '' ? 443 : port),
      ca,
      rejectUnauthorized: true,
      ...(isIP(bare) === 0 ? { servername: bare } : {}),
      timeout: HANDSHAKE_TIMEOUT_MS,
    });
    const fail = (error: unknown): void => {
      socket.destroy();
      reject(
        new BrokenEnvironmentError(
          `the TLS certificate of https://${host} does not verify against TLS_CA_FILE: ${describeNetworkError(error)}`,
        ),
      );
    };
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerX509Certificate();
      socket.end();
      if (certificate === undefined) fail(new Error('no certificate'));
      else resolve(spkiHash(certificate));
    });
    socket.once('timeout', () => {
      fail(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
    });
    socket.once('error', fail);
  });
}

/** The Chromium flags for a target: its auth server's key pinned when it has a private CA. */
export async function trustArgsFor(target: {
  authUrl: string;
  caFile: string | undefined;
}): Promise<string[]> {
  if (target.caFile === undefined) return [];
  const pins = await pinnedKeys([target.authUrl], target.caFile);
  return browserTrustArgs({ [BROWSER_SPKI_VARIABLE]: pins.join(',') });
}
