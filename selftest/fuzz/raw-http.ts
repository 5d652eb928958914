import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

/**
 * A raw HTTP/1.1 client for the fuzz test: it writes bytes as they are (invalid UTF-8 in the path,
 * oversized headers, a body that contradicts its Content-Length), which undici and fetch refuse to
 * send, and it tells an answer from a dropped connection.
 */
export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the wire: any bytes. */
  target: Buffer | string;
  headers: ReadonlyArray<readonly [string, string | Buffer]>;
  body?: Buffer;
  /** Leave Content-Length out (a body then reads as none, or as chunks if the headers say so). */
  omitContentLength?: boolean;
}

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

export type RawOutcome = { answered: true; response: RawResponse } | { answered: false; reason: string };

export interface RawTarget {
  host: string;
  port: number;
  /** PEM of the CA to trust: the target speaks TLS. */
  ca?: string;
}

const ANSWER_TIMEOUT_MS = 15_000;
const CRLF = '\r\n';

export function targetOf(baseUrl: string, ca?: string): RawTarget {
  const url = new URL(baseUrl);
  const tls = url.protocol === 'https:';
  return {
    host: url.hostname,
    port: Number(url.port || (tls ? 443 : 80)),
    ...(tls && ca !== undefined ? { ca } : {}),
  };
}

/** Sends one request on a fresh connection (`Connection: close`) and reads until the server closes. */
export function sendRaw(target: RawTarget, request: RawRequest): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket: Socket =
      target.ca === undefined
        ? connectTcp({ host: target.host, port: target.port })
        : connectTls({ host: target.host, port: target.port, ca: target.ca });
    const chunks: Buffer[] = [];
    let socketError: string | undefined;
    const finish = (): void => {
      clearTimeout(timer);
      const response = parseResponse(Buffer.concat(chunks), request.method === 'HEAD');
      resolve(
        response === undefined
          ? { answered: false, reason: socketError ?? 'closed without a complete answer' }
          : { answered: true, response },
      );
    };
    const timer = setTimeout(() => {
      socketError = `no answer within ${ANSWER_TIMEOUT_MS} ms`;
      socket.destroy();
    }, ANSWER_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server may answer (413, 431) and close before the whole request is written: EPIPE or
    // ECONNRESET then only matter if no complete answer arrived.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError = error.code ?? error.message;
    });
    socket.once('close', finish);
    socket.once(target.ca === undefined ? 'connect' : 'secureConnect', () => {
      socket.write(requestBytes(target, request));
    });
  });
}

function requestBytes(target: RawTarget, request: RawRequest): Buffer {
  const lines: Buffer[] = [
    Buffer.from(`${request.method} `, 'latin1'),
    Buffer.isBuffer(request.target) ? request.target : Buffer.from(request.target, 'utf8'),
    Buffer.from(
      ` HTTP/1.1${CRLF}host: ${target.host}:${target.port}${CRLF}connection: close${CRLF}`,
      'latin1',
    ),
  ];
  for (const [name, value] of request.headers)
    lines.push(
      Buffer.from(`${name}: `, 'latin1'),
      Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8'),
      Buffer.from(CRLF, 'latin1'),
    );
  const body = request.body ?? Buffer.alloc(0);
  if (request.omitContentLength !== true && (body.length > 0 || request.method !== 'GET'))
    lines.push(Buffer.from(`content-length: ${body.length}${CRLF}`, 'latin1'));
  lines.push(Buffer.from(CRLF, 'latin1'), body);
  return Buffer.concat(lines);
}

/**
 * Undefined when the bytes are not a complete HTTP/1.1 answer; interim 1xx answers are skipped,
 * and the answer to a HEAD has no body whatever its Content-Length says.
 */
export function parseResponse(bytes: Buffer, head = false): RawResponse | undefined {
  const response = parseOne(bytes, head);
  if (response === undefined || response.status >= 200) return response;
  const next = bytes.indexOf(`${CRLF}${CRLF}`) + 4;
  return next >= bytes.length ? undefined : parseResponse(bytes.subarray(next), head);
}

function parseOne(bytes: Buffer, head: boolean): RawResponse | undefined {
  const headEnd = bytes.indexOf(`${CRLF}${CRLF}`);
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...headerLines] = bytes.subarray(0, headEnd).toString('latin1').split(CRLF);
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (status === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = bytes.subarray(headEnd + 4);
  if (Number(status) < 200 || head) return { status: Number(status), headers, body: Buffer.alloc(0) };
  const body = headers['transfer-encoding']?.toLowerCase().includes('chunked')
    ? dechunk(rest)
    : bodyOfLength(rest, headers['content-length']);
  return body === undefined ? undefined : { status: Number(status), headers, body };
}

function bodyOfLength(rest: Buffer, contentLength: string | undefined): Buffer | undefined {
  if (contentLength === undefined) return rest;
  const length = Number(contentLength);
  return rest.length >= length ? rest.subarray(0, length) : undefined;
}

function dechunk(rest: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = rest.indexOf(CRLF, at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (rest.length < start + size) return undefined;
    parts.push(rest.subarray(start, start + size));
    at = start + size + 2;
  }
}
