import type { Scope } from '../../spec/scopes.js';
import { randomToken, type SecretMaker } from './crypto.js';
import { CODE_LIFETIME_MS } from '../../spec/limits.js';
import { NO_JOURNAL, type KeptRow, type KeptStore, type RowJournal } from '../persist/journal.js';

/** Section 2.2: ten minutes by the client's clock. */

export interface AuthorizationCode {
  code: string;
  clientId: string;
  login: string;
  scopes: readonly Scope[];
  /** Requested values the server ignored: only the fault authz-unknown-scope-granted reports them. */
  unknownScopes?: readonly string[];
  /** The redirect_uri as sent in the authorization request, or null when it was left out. */
  redirectUriSent: string | null;
  issuedAtMs: number;
  used: boolean;
  /** Access tokens issued from this code: revoked if the code is presented again (RFC 6749 4.1.2). */
  issuedTokens: string[];
}

interface StoredCode extends AuthorizationCode {
  /** Real time of issue: the order of the map, and when the code may be forgotten. */
  storedAtMs: number;
}

/**
 * Codes are kept, used ones included (a reused code must still be told apart), until they are past
 * their lifetime in real time: a client's clock only ever moves forward, so such a code has expired
 * by every clock, and forgetting it keeps memory flat under a steady stream of exchanges.
 */
export class CodeStore implements KeptStore {
  private readonly codes = new Map<string, StoredCode>();
  journal: RowJournal = NO_JOURNAL;

  constructor(
    private readonly newSecret: SecretMaker = randomToken,
    private readonly realNow: () => number = Date.now,
  ) {}

  issue(grant: Omit<AuthorizationCode, 'code' | 'used' | 'issuedTokens'>): string {
    this.forgetExpired();
    // 30 bytes are 40 base64url characters, the length of production's codes (field notes), which
    // the official PHP client checks before it exchanges one.
    const code = this.newSecret(30);
    const stored = { ...grant, code, used: false, issuedTokens: [], storedAtMs: this.realNow() };
    this.codes.set(code, stored);
    this.journal.put(code, stored);
    return code;
  }

  /** To be called after a code was used or gave a token (changed in place): the change is kept. */
  changed(code: AuthorizationCode): void {
    const stored = this.codes.get(code.code);
    if (stored !== undefined) this.journal.put(code.code, stored);
  }

  /**
   * In order of issue, as the map must be (a used code is written again, so rows are sorted). Those
   * expired meanwhile go at the next issue, when their rows are deleted too.
   */
  loadRows(rows: readonly KeptRow[]): void {
    const stored = rows.map(([, value]) => value as StoredCode);
    stored.sort((a, b) => a.storedAtMs - b.storedAtMs);
    for (const code of stored) this.codes.set(code.code, code);
  }

  find(code: string): AuthorizationCode | undefined {
    return this.codes.get(code);
  }

  /** The map is in order of issue, so the expired codes are at its head. */
  private forgetExpired(): void {
    const oldestKept = this.realNow() - CODE_LIFETIME_MS;
    for (const [code, stored] of this.codes) {
      if (stored.storedAtMs > oldestKept) return;
      this.codes.delete(code);
      this.journal.delete(code);
    }
  }
}
