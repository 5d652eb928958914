import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { LIMITS } from './limits.js';
import { rawAnswer, type ErrorFormat, type Failure } from './error-answer.js';

/** Picks the error format from the request target; the target is unknown when unparsable. */
export type FormatForTarget = (target: string | undefined) => ErrorFormat;

/** How long a refused connection keeps reading (and discarding) before it is closed. */
const LINGER_MS = 2_000;
const REQUEST_LINE = /^[A-Z]{1,20} (\/[^\s]*)/;

/**
 * Node's HTTP parser refuses some requests (headers beyond the limit, bytes that are not HTTP)
 * before Fastify sees them; its 'clientError' event then only has the socket. To answer in the
 * endpoint's format, each socket remembers the target of the last request line it carried.
 */
export class RequestTargets {
  private readonly targets = new WeakMap<Socket, string>();

  watch(server: HttpServer | HttpsServer, tls: boolean): void {
    server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
      // First in line: the parser's own listener may raise 'clientError' on this very chunk.
      socket.prependListener('data', (chunk: Buffer) => {
        const target = REQUEST_LINE.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 2048)))?.[1];
        if (target !== undefined) this.targets.set(socket, target);
      });
    });
  }

  of(socket: Socket): string | undefined {
    return this.targets.get(socket);
  }
}

interface ParserError extends Error {
  code?: string;
}

/**
 * Fastify's clientErrorHandler: answers in the endpoint's format, then reads the rest of the
 * request before closing, so that the client is not reset before it has read the answer.
 */
export function clientErrorHandler(
  targets: RequestTargets,
  formatFor: FormatForTarget,
): (error: ParserError, socket: Socket) => void {
  const answered = new WeakSet<Socket>();
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    // A TLS connection silent past its handshake's time has no HTTP to answer, nor anything to linger for.
    if (error.code === 'ERR_TLS_HANDSHAKE_TIMEOUT') {
      socket.destroy();
      return;
    }
    answered.add(socket);
    if (socket.writable) socket.end(rawAnswer(formatFor(targets.of(socket))(parserFailure(error))));
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

function parserFailure(error: ParserError): Failure {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, message: `The request line and headers exceed ${LIMITS.headerBytes} bytes.` };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request was not received in time.' };
  return { status: 400, message: 'The request is not valid HTTP/1.1.' };
}
