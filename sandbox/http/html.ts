import type { FastifyReply } from 'fastify';
import { sendAnswer, type ErrorAnswer, type Failure } from './error-answer.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Headers of every page of the authorization server: no framing (clickjacking of the consent),
 * no caching of pages that carry CSRF tokens, no referrer leaking the query to other sites.
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

const STYLE =
  'body{font-family:sans-serif;max-width:32rem;margin:3rem auto}label,input,button{display:block;margin:.5rem 0}.error{color:#a00}';

function pageHtml(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(pageHtml(title, body));
}

/**
 * A failure that must not go back to the client (7.1): shown to the user, never redirected; `notes`
 * say what would make the request right (each a paragraph of plain text).
 */
export function sendErrorPage(
  reply: FastifyReply,
  status: number,
  message: string,
  notes: readonly PageNote[] = [],
): FastifyReply {
  return sendAnswer(reply, errorPageAnswer({ status, message }, notes));
}

/** A paragraph under the error: a sentence, and the items it lists (each shown as written). */
export interface PageNote {
  text: string;
  items?: readonly string[];
  id?: string;
}

function noteHtml(note: PageNote): string {
  const id = note.id === undefined ? '' : ` id="${escapeHtml(note.id)}"`;
  const items = (note.items ?? []).map((item) => `<li><code>${escapeHtml(item)}</code></li>`).join('');
  return `<p${id}>${escapeHtml(note.text)}</p>${items === '' ? '' : `<ul>${items}</ul>`}`;
}

/** The error page as an answer, also for requests refused before Fastify saw them. */
export function errorPageAnswer(failure: Failure, notes: readonly PageNote[] = []): ErrorAnswer {
  return {
    status: failure.status,
    headers: PAGE_HEADERS,
    body: pageHtml(
      'Authorization error',
      `<p class="error" id="error">${escapeHtml(failure.message)}</p>${notes.map(noteHtml).join('')}`,
    ),
  };
}

export function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply
    .code(302)
    .headers({ location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .send();
}
