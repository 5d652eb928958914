import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml, PAGE_HEADERS, redirect } from '../http/html.js';
import type { Scope } from '../../spec/scopes.js';
import type { ResponseParams } from './redirect-uri.js';

/** R5-02, R7.1-04: after the user decided, the browser goes back to the client: a 302. */
export function backToClient(reply: FastifyReply, location: string): FastifyReply {
  return redirect(reply, location);
}

/** Only for the fault authz-code-shown-not-redirected: a page shows the URL and never moves on. */
export function codeShownPage(reply: FastifyReply, location: string): FastifyReply {
  return reply
    .code(200)
    .headers(PAGE_HEADERS)
    .send(page('Copy this address into your application', `<p><code>${escapeHtml(location)}</code></p>`));
}

/**
 * Variant authz-other-redirects: a 200 page that moves on by script and by meta refresh, as some
 * servers do (a form_post-like page, a page that clears a frame).
 */
export function movingOnPage(reply: FastifyReply, location: string): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const href = escapeHtml(location);
  return reply
    .code(200)
    .headers({
      ...PAGE_HEADERS,
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`,
    })
    .send(
      page(
        'Returning to the application',
        `<meta http-equiv="refresh" content="1;url=${href}"><p><a href="${href}">Continue</a></p>` +
          `<script nonce="${nonce}">window.location.replace(${JSON.stringify(location).replace(/</g, '\\u003c')});</script>`,
      ),
    );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * Variant authz-other-redirects: response parameters the client ignores (RFC 6749 4.1.2),
 * as OpenID Connect session management and RFC 9207 add them.
 */
export function extraResponseParams(scopes: readonly Scope[]): ResponseParams {
  return {
    session_state: randomBytes(12).toString('base64url'),
    scope: scopes.join(' '),
    iss: 'https://sandbox.invalid/',
  };
}
