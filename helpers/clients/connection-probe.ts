import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { REQUEST_TIMEOUT_MS, TargetUnreachableError } from './http.js';

/** What one POST told about its connection, beside the answer's status and Location. */
export interface ConnectionProbe {
  /** True when the answer came over a TLS socket (whatever the URL's scheme claimed). */
  encrypted: boolean;
  /** The negotiated protocol (TLSv1.3, ...) or null on a plain socket. */
  protocol: string | null;
  status: number;
  location: string | undefined;
}

/**
 * POSTs an empty form to `url` and reports the socket the answer came on: "over HTTPS" (4.2, 5
 * rule 5) is a property of the connection, not of the configured URL's text. No credential is
 * sent. A connection that fails is a broken environment, as for every other request.
 */
export function probeConnection(url: string, caFile: string | undefined): Promise<ConnectionProbe> {
  const secure = new URL(url).protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const ca = secure && caFile !== undefined ? readFileSync(caFile, 'utf8') : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
        timeout: REQUEST_TIMEOUT_MS,
        ...(ca === undefined ? {} : { ca }),
      },
      (response: IncomingMessage) => {
        const socket = response.socket as Partial<TLSSocket>;
        const encrypted = socket.encrypted === true;
        const protocol = encrypted ? (socket.getProtocol?.() ?? null) : null;
        response.resume();
        resolve({
          encrypted,
          protocol,
          status: response.statusCode ?? 0,
          location: response.headers.location,
        });
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
    );
    outgoing.on('error', (error) => {
      reject(new TargetUnreachableError(url, error));
    });
    outgoing.end();
  });
}
