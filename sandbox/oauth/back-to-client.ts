import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml, PAGE_HEADERS, redirect } from '../http/html.js';
import type { SandboxState } from '../state.js';

/**
 * 5 step 4 / 7.1: the way back to the client after the user decided. By default a 302; under the
 * variant authz-other-redirects a 200 page that moves on by script and by meta refresh, as some
 * servers do (a form_post-like page, a page that clears a frame). The fault
 * authz-code-shown-not-redirected shows the URL on a page and never moves on.
 */
export function sendBackToClient(reply: FastifyReply, state: SandboxState, location: string): FastifyReply {
  if (state.faults.has('authz-code-shown-not-redirected'))
    return reply
      .code(200)
      .headers(PAGE_HEADERS)
      .send(page('Copy this address into your application', `<p><code>${escapeHtml(location)}</code></p>`));
  if (!state.variants.has('authz-other-redirects')) return redirect(reply, location);
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
export function extraResponseParams(state: SandboxState, scopes: readonly string[]): Record<string, string> {
  if (!state.variants.has('authz-other-redirects')) return {};
  return {
    session_state: randomBytes(12).toString('base64url'),
    scope: scopes.join(' '),
    iss: 'https://sandbox.invalid/',
  };
}
