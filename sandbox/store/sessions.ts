import { randomToken } from './crypto.js';
import { OwnedEntries, type OwnedLimits } from './owned-entries.js';
import type { PendingAuthorization } from './pending-authorization.js';
import { RequestSeal } from './sealed-requests.js';

/** A signed-in browser session: the CSRF token of its forms and its user (no session exists before). */
export interface BrowserSession {
  id: string;
  csrf: string;
  login: string | null;
}

/**
 * Lifetimes and caps of sessions and pending requests (README, "The sandbox's choices"). Both exist
 * only once a user has signed in (before, the browser keeps the request: sealed-requests.ts), and
 * both are owned by that user's login: a flood, whoever sends it, evicts only its own user's
 * entries, and the whole stays bounded (past `total`, the owner holding the most gives way).
 */
export const SESSION_LIMITS: OwnedLimits = { lifetimeMs: 10 * 60 * 1000, perOwner: 200, total: 5000 };
export const PENDING_LIMITS: OwnedLimits = { lifetimeMs: 10 * 60 * 1000, perOwner: 200, total: 5000 };

/** A pre-login cookie the sandbox could have made: reused, so two tabs of one browser both work. */
const BROWSER_COOKIE = /^[A-Za-z0-9_-]{32}$/;

export class SessionStore {
  private readonly sessions: OwnedEntries<BrowserSession>;
  private readonly pending: OwnedEntries<PendingAuthorization>;
  /** Requests waiting for sign-in, kept by the browser in the login form. */
  readonly sealed: RequestSeal;

  constructor(now: () => number = Date.now) {
    this.sessions = new OwnedEntries(SESSION_LIMITS, now);
    this.pending = new OwnedEntries(PENDING_LIMITS, now);
    this.sealed = new RequestSeal(PENDING_LIMITS.lifetimeMs, now);
  }

  find(id: string | undefined): BrowserSession | undefined {
    return id === undefined ? undefined : this.sessions.get(id);
  }

  /**
   * What binds a signed-out browser's login form to it: the cookie it carries when that is no
   * session (a session's id is never reused as one), or a new random value. It opens nothing.
   */
  browserOf(cookie: string | undefined): string {
    return cookie !== undefined && BROWSER_COOKIE.test(cookie) && this.find(cookie) === undefined
      ? cookie
      : randomToken(24);
  }

  /** Sign-in: a fresh session id and CSRF token (a cookie planted before is worth nothing after). */
  logIn(login: string): BrowserSession {
    const session = { id: randomToken(24), csrf: randomToken(24), login };
    this.sessions.add(session.id, login, session);
    return session;
  }

  /** Holds a signed-in user's request until the decision, counted against that user. */
  hold(request: Omit<PendingAuthorization, 'id'>, login: string): PendingAuthorization {
    const pending = { ...request, id: randomToken(18) };
    this.pending.add(pending.id, login, pending);
    return pending;
  }

  /** The pending request, when it is live and belongs to this session. */
  pendingRequest(id: string, session: BrowserSession): PendingAuthorization | undefined {
    const pending = this.pending.get(id);
    return pending?.sessionId === session.id ? pending : undefined;
  }

  /** A request is decided once: approving twice must not mint two codes. */
  takePending(id: string): void {
    this.pending.delete(id);
  }
}
