import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type Provider from 'oidc-provider';
import { sendConsent, sendLogin, sendProblem } from './pages.js';

export interface Account {
  login: string;
  password: string;
}

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|decision))?$/;
const MAX_FORM_BYTES = 8 * 1024;

/**
 * The interaction app a deployment of oidc-provider writes itself (the library ships only
 * development pages): a login form that checks the one account's password, and a consent form
 * whose approval grants the requested scopes the resource server knows, and whose denial ends
 * the request with access_denied. Everything else is oidc-provider's own.
 */
export function interactionHandler(provider: Provider, account: Account) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const match = INTERACTION_PATH.exec(new URL(req.url ?? '/', 'https://localhost').pathname);
    if (match === null) return false;
    const [, uid = '', action] = match;
    try {
      if (action === undefined && req.method === 'GET') await showPage(provider, req, res, uid);
      else if (action === 'login' && req.method === 'POST') await login(provider, account, req, res, uid);
      else if (action === 'decision' && req.method === 'POST') await decide(provider, req, res);
      else sendProblem(res, 405, 'Method not allowed.');
    } catch {
      // An expired or unknown interaction (oidc-provider's SessionNotFound and the like).
      if (!res.headersSent) sendProblem(res, 400, 'This sign-in request is no longer valid. Start again.');
    }
    return true;
  };
}

async function showPage(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') sendLogin(res, uid);
  else sendConsent(res, uid, String(details.params.client_id), requestedScopes(details.prompt.details));
}

async function login(
  provider: Provider,
  account: Account,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<void> {
  const form = await readForm(req);
  await provider.interactionDetails(req, res);
  if (
    !sameText(form.get('login') ?? '', account.login) ||
    !sameText(form.get('password') ?? '', account.password)
  ) {
    sendLogin(res, uid, 'Invalid login or password.');
    return;
  }
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.login } },
    {
      mergeWithLastSubmission: false,
    },
  );
}

async function decide(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req);
  const details = await provider.interactionDetails(req, res);
  if (form.get('decision') !== 'approve') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'the user denied the request' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const accountId = details.session?.accountId ?? '';
  const clientId = String(details.params.client_id);
  const grant =
    (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
    new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details;
  if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  for (const [resource, scopes] of Object.entries(resourceScopes(missing)))
    grant.addResourceScope(resource, scopes.join(' '));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** The scopes the consent page lists: those oidc-provider found missing from the user's grant. */
function requestedScopes(details: Record<string, unknown>): string[] {
  const oidc = Array.isArray(details.missingOIDCScope) ? details.missingOIDCScope.map(String) : [];
  return [...oidc, ...Object.values(resourceScopes(details)).flat()];
}

function resourceScopes(details: Record<string, unknown>): Record<string, string[]> {
  const raw = details.missingResourceScopes;
  if (raw === null || typeof raw !== 'object') return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).map(([resource, scopes]) => [
      resource,
      Array.isArray(scopes) ? scopes.map(String) : [],
    ]),
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
