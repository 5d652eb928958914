import type { FastifyReply } from 'fastify';

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

export function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .headers(PAGE_HEADERS)
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/** A failure that must not go back to the client (7.1): shown to the user, never redirected. */
export function sendErrorPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return sendPage(
    reply,
    status,
    'Authorization error',
    `<p class="error" id="error">${escapeHtml(message)}</p>`,
  );
}

export function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply
    .code(302)
    .headers({ location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .send();
}
