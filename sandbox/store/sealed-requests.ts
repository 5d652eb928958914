import { createHmac, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sameSecret } from './crypto.js';
import type { PendingAuthorization } from './pending-authorization.js';

/** What a sealed request carries: the checked request, the browser it belongs to, its end of life. */
type Request = Omit<PendingAuthorization, 'id' | 'sessionId'>;
interface Payload {
  request: Request;
  /** The pre-login cookie of the browser that made the request: only that browser may sign in. */
  browser: string;
  expiresAtMs: number;
}

/** A sealed request's size once opened, at most: the URL it came from is shorter (http/limits.ts). */
const MAX_OPENED_BYTES = 64 * 1024;

/**
 * An authorization request waiting for sign-in, kept by the browser rather than the sandbox (README,
 * "The sandbox's choices"): GET /oauth stores nothing, so no flood of abandoned flows can push out
 * another user's. The login form carries the request compressed (the URL's state and redirect URI
 * may fill most of its 8 KB, and the form's body is limited to 16 KB) with an HMAC under a key of
 * this process; it is not secret (the browser sent all of it), only unforgeable, bound to one
 * browser and short-lived.
 */
export class RequestSeal {
  private readonly key = randomBytes(32);

  constructor(
    private readonly lifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  seal(request: Request, browser: string): string {
    const payload: Payload = { request, browser, expiresAtMs: this.now() + this.lifetimeMs };
    const body = deflateRawSync(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The request, when the seal is this process's, alive, and the browser's own; else undefined. */
  open(sealed: string, browser: string): Request | undefined {
    const [body = '', mac = '', ...rest] = sealed.split('.');
    if (rest.length > 0 || !sameSecret(mac, this.mac(body))) return undefined;
    const payload = JSON.parse(
      inflateRawSync(Buffer.from(body, 'base64url'), { maxOutputLength: MAX_OPENED_BYTES }).toString(),
    ) as Payload;
    if (payload.expiresAtMs <= this.now() || !sameSecret(browser, payload.browser)) return undefined;
    return payload.request;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
