import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * One error answer, written either through Fastify (a route, the error or not-found handler) or
 * straight onto the socket (a request Node's HTTP parser refused before Fastify saw it).
 */
export interface ErrorAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** What went wrong, before it is put in an endpoint's own format. */
export interface Failure {
  /** 400, 404, 408, 413, 414, 415, 431, or 500 for a genuine bug. */
  status: number;
  message: string;
}

/** An endpoint family's error format: the same failure reads differently at each endpoint. */
export type ErrorFormat = (failure: Failure) => ErrorAnswer;

export function sendAnswer(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  // Bytes, so that Fastify sends the Content-Type exactly as set (it appends a charset to strings).
  return reply.code(answer.status).headers(answer.headers).send(Buffer.from(answer.body, 'utf8'));
}

/** The answer as HTTP/1.1 bytes, closing the connection (the request could not be parsed). */
export function rawAnswer(answer: ErrorAnswer): string {
  const body = Buffer.from(answer.body, 'utf8');
  const headers = Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return (
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\n${headers.join('')}` +
    `content-length: ${body.length}\r\nconnection: close\r\n\r\n${answer.body}`
  );
}

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** `{reason, message}`: the listing's 7.3 shape, reused by the sandbox's other JSON endpoints. */
export function reasonedAnswer(status: number, reason: string, message: string): ErrorAnswer {
  return { status, headers: { 'content-type': JSON_UTF8 }, body: JSON.stringify({ reason, message }) };
}
