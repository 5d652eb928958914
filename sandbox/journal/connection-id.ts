import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';

/**
 * The connection a request came on, as the journal names it: this process's start, then the
 * connection's number. A request on the same connection after an answer left was sent once the
 * client had that answer (HTTP/1.1 without pipelining), which the report card may rely on; the
 * start's name keeps two processes' numbers apart in a journal that spans a restart.
 *
 * Beside the name: when the connection was accepted, and the request's place on it. The first
 * request on a connection the client opened before an answer left was on its way before the
 * client could read that answer (a pool opens a connection for a request it already holds).
 */
const START = randomBytes(3).toString('hex');
const NUMBERS = new WeakMap<Socket, number>();
const REQUESTS = new WeakMap<Socket, number>();
const ANSWERED = new WeakMap<Socket, number>();
let next = 0;

export function connectionOf(socket: Socket): string {
  let number = NUMBERS.get(socket);
  if (number === undefined) {
    next += 1;
    number = next;
    NUMBERS.set(socket, number);
  }
  return `${START}:${number}`;
}

/** The TCP sockets' accept times, by their ends (a TLS socket wraps its TCP socket: the same ends). */
const ACCEPTED = new Map<string, number>();

function endsOf(socket: Socket): string {
  return `${socket.localPort ?? ''} ${socket.remoteAddress ?? ''} ${socket.remotePort ?? ''}`;
}

/** Notes when each connection of `server` is accepted (its TCP accept, before any TLS handshake). */
export function watchConnections(server: HttpServer | HttpsServer): void {
  server.on('connection', (socket: Socket) => {
    const ends = endsOf(socket);
    ACCEPTED.set(ends, Date.now());
    socket.once('close', () => ACCEPTED.delete(ends));
  });
}

export interface ConnectionFacts {
  connection: string;
  connection_request: number;
  connection_opened_at?: string;
  connection_answered_before: boolean;
}

/** Counts a request on its connection as it is read (every request, traced or not): its place on it. */
export function countRequest(socket: Socket): number {
  const place = (REQUESTS.get(socket) ?? 0) + 1;
  REQUESTS.set(socket, place);
  return place;
}

/** Counts an answer written on its connection (every request's, traced or not). */
export function countAnswer(socket: Socket): void {
  ANSWERED.set(socket, (ANSWERED.get(socket) ?? 0) + 1);
}

/**
 * The facts of a request's connection, `place` its count (countRequest): whether every request
 * before it there had been answered when it was read is what tells a client's next request, sent
 * once it had the answer, from one pipelined behind it.
 */
export function connectionFactsOf(socket: Socket, place: number): ConnectionFacts {
  const opened = ACCEPTED.get(endsOf(socket));
  return {
    connection: connectionOf(socket),
    connection_request: place,
    ...(opened === undefined ? {} : { connection_opened_at: new Date(opened).toISOString() }),
    connection_answered_before: (ANSWERED.get(socket) ?? 0) >= place - 1,
  };
}
