import type { ServerResponse } from 'node:http';

/**
 * The login and consent pages of the deployment around oidc-provider: plain HTML forms, marked up
 * unlike the embedded sandbox's, so the run also proves that the suite finds its way through the
 * pages named by the LOGIN_* and CONSENT_* selectors alone.
 */
export const SELECTORS = {
  LOGIN_USERNAME_SELECTOR: 'form.sign-in input[name="login"]',
  LOGIN_PASSWORD_SELECTOR: 'form.sign-in input[name="password"]',
  LOGIN_SUBMIT_SELECTOR: 'form.sign-in button[type="submit"]',
  CONSENT_APPROVE_SELECTOR: 'form.decision button[value="approve"]',
  CONSENT_DENY_SELECTOR: 'form.decision button[value="deny"]',
} as const;

/** What a deployed login page sends: no framing, no caching, no Referer to the client. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function send(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, PAGE_HEADERS);
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  );
}

export function sendLogin(res: ServerResponse, uid: string, error?: string): void {
  const message = error === undefined ? '' : `<p role="alert">${escapeHtml(error)}</p>`;
  send(
    res,
    200,
    'Sign in',
    `${message}<form class="sign-in" method="post" action="/interaction/${escapeHtml(uid)}/login">` +
      '<label>Login <input name="login" autocomplete="username" required></label>' +
      '<label>Password <input name="password" type="password" autocomplete="current-password" required></label>' +
      '<button type="submit">Sign in</button></form>',
  );
}

export function sendConsent(
  res: ServerResponse,
  uid: string,
  clientId: string,
  scopes: readonly string[],
): void {
  const list = scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  send(
    res,
    200,
    'Authorize access',
    `<p>${escapeHtml(clientId)} asks for:</p><ul>${list || '<li>(no permission this server knows)</li>'}</ul>` +
      `<form class="decision" method="post" action="/interaction/${escapeHtml(uid)}/decision">` +
      '<button type="submit" name="decision" value="approve">Allow</button>' +
      '<button type="submit" name="decision" value="deny">Deny</button></form>',
  );
}

export function sendProblem(res: ServerResponse, status: number, message: string): void {
  send(res, status, 'Cannot continue', `<p>${escapeHtml(message)}</p>`);
}
