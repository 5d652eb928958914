import type { Scope } from '../scopes.js';
import { randomToken } from '../crypto.js';
import { OwnedEntries, type OwnedLimits } from './owned-entries.js';

/** A browser session: the CSRF token of its forms, and the user once logged in. */
export interface BrowserSession {
  id: string;
  csrf: string;
  login: string | null;
  /** The client address that opened it: its sessions and requests count against that address. */
  address: string;
}

/** An authorization request that passed every check and waits for login and the user's decision. */
export interface PendingAuthorization {
  id: string;
  /** The browser session that made the request: only that session may log in and decide. */
  sessionId: string;
  clientId: string;
  redirectUri: string;
  redirectUriSent: string | null;
  scopes: readonly Scope[];
  /** Requested values the server ignored (variant authz-scope-ignored, fault authz-unknown-scope-granted). */
  unknownScopes?: readonly string[];
  state: string | null;
  /** The authorization request's own URL (path and query): where the variant login-redirects-back returns. */
  returnTo?: string;
}

/**
 * Lifetimes and caps of sessions and pending requests (README, "The sandbox's choices"): a flood of
 * abandoned flows must neither grow memory nor, by eviction, drop other users' flows in progress.
 */
export const SESSION_LIMITS: OwnedLimits = { lifetimeMs: 10 * 60 * 1000, perOwner: 200, total: 5000 };
export const PENDING_LIMITS: OwnedLimits = { lifetimeMs: 10 * 60 * 1000, perOwner: 200, total: 5000 };

export class SessionStore {
  private readonly sessions: OwnedEntries<BrowserSession>;
  private readonly pending: OwnedEntries<PendingAuthorization>;

  constructor(now: () => number = Date.now) {
    this.sessions = new OwnedEntries(SESSION_LIMITS, now);
    this.pending = new OwnedEntries(PENDING_LIMITS, now);
  }

  /** The live session the cookie names, or a new one (never one whose id the browser chose). */
  open(id: string | undefined, address: string): BrowserSession {
    return this.find(id) ?? this.create(address, null);
  }

  find(id: string | undefined): BrowserSession | undefined {
    return id === undefined ? undefined : this.sessions.get(id);
  }

  /**
   * Login: a fresh session id and CSRF token replace the old ones (a session planted before login
   * is worth nothing after it), and the pending request moves to the new session.
   */
  logIn(old: BrowserSession, login: string, pending: PendingAuthorization): BrowserSession {
    this.sessions.delete(old.id);
    const session = this.create(old.address, login);
    pending.sessionId = session.id;
    return session;
  }

  hold(request: Omit<PendingAuthorization, 'id'>, address: string): PendingAuthorization {
    const pending = { ...request, id: randomToken(18) };
    this.pending.add(pending.id, address, pending);
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

  private create(address: string, login: string | null): BrowserSession {
    const session = { id: randomToken(24), csrf: randomToken(24), login, address };
    this.sessions.add(session.id, address, session);
    return session;
  }
}
