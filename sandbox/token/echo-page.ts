import type { FastifyRequest } from 'fastify';
import type { TokenError } from '../../spec/errors.js';
import type { ErrorAnswer } from '../http/error-answer.js';
import { escapeHtml } from '../http/html.js';

/**
 * Fault token-error-html-echo (breaks R7.2-01, R4.2-10): a token error as a framework's debug
 * page that echoes what it was sent, secrets included, where a JSON `{error}` is required. The
 * suite must fail the check and still print none of the echoed secrets.
 */
export function echoPage(request: FastifyRequest, error: TokenError): ErrorAnswer {
  const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
  const rows = [
    ['error', error.code],
    ['url', request.raw.url ?? ''],
    ['authorization', request.headers.authorization ?? ''],
    ['body', body],
  ].map(([name, value]) => `<tr><th>${escapeHtml(name ?? '')}</th><td>${escapeHtml(value ?? '')}</td></tr>`);
  return {
    status: error.status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' },
    body: `<!doctype html><html><body><h1>Bad request</h1><table>${rows.join('')}</table></body></html>`,
  };
}
