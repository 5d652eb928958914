import type { Scope } from '../scopes.js';
import { randomToken } from '../crypto.js';

/** A browser session: the CSRF token of its forms, and the user once logged in. */
export interface BrowserSession {
  id: string;
  csrf: string;
  login: string | null;
}

/** An authorization request that passed every check and waits for login and the user's decision. */
export interface PendingAuthorization {
  id: string;
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

/** Bounded maps: a flood of abandoned flows must not grow memory without limit. */
const MAX_ENTRIES = 100_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

export class SessionStore {
  private readonly sessions = new Map<string, BrowserSession>();
  private readonly pending = new Map<string, PendingAuthorization>();

  open(id: string | undefined): BrowserSession {
    const existing = id === undefined ? undefined : this.sessions.get(id);
    if (existing !== undefined) return existing;
    const session = { id: randomToken(24), csrf: randomToken(24), login: null };
    remember(this.sessions, session.id, session);
    return session;
  }

  find(id: string | undefined): BrowserSession | undefined {
    return id === undefined ? undefined : this.sessions.get(id);
  }

  hold(request: Omit<PendingAuthorization, 'id'>): PendingAuthorization {
    const pending = { ...request, id: randomToken(18) };
    remember(this.pending, pending.id, pending);
    return pending;
  }

  pendingRequest(id: string): PendingAuthorization | undefined {
    return this.pending.get(id);
  }

  /** A request is decided once: approving twice must not mint two codes. */
  takePending(id: string): PendingAuthorization | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    return pending;
  }
}
