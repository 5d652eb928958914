import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';

/**
 * The connection a request came on, as the journal names it: this process's start, then the
 * connection's number. A request on the same connection after an answer left was sent once the
 * client had that answer (HTTP/1.1 without pipelining), which the report card may rely on; the
 * start's name keeps two processes' numbers apart in a journal that spans a restart.
 */
const START = randomBytes(3).toString('hex');
const NUMBERS = new WeakMap<Socket, number>();
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
