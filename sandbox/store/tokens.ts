import type { Scope } from '../../spec/scopes.js';
import { randomToken, type SecretMaker } from './crypto.js';
import { NO_JOURNAL, type KeptRow, type KeptStore, type RowJournal } from '../persist/journal.js';

/** What an access token stands for: the resource server checks its scopes (section 5, rule 3). */
export interface AccessGrant {
  clientId: string;
  login: string;
  scopes: readonly Scope[];
  issuedAtMs: number;
}

/**
 * Live access tokens per client and user. The spec leaves lifetime and revocation open ("not
 * shown") and the sandbox's tokens never expire, so without a bound every code exchange would be
 * kept for the life of the process; beyond it the oldest token of that client and user is revoked.
 */
export const MAX_TOKENS_PER_CLIENT_AND_USER = 100;

export class TokenStore implements KeptStore {
  private readonly tokens = new Map<string, AccessGrant>();
  /** Each client and user's live tokens, oldest first. */
  private readonly byGrantee = new Map<string, string[]>();
  journal: RowJournal = NO_JOURNAL;
  /** Told of each token revoked (the journal remembers whose it was, by fingerprint). */
  onRevoked: (token: string, grant: AccessGrant) => void = () => undefined;

  constructor(private readonly newSecret: SecretMaker = randomToken) {}

  issue(grant: AccessGrant): string {
    const token = this.newSecret(32);
    this.keep(token, grant);
    return token;
  }

  /** A token made elsewhere (a seed's), held and kept as if issued here. */
  keep(token: string, grant: AccessGrant): void {
    this.hold(token, grant);
    this.journal.put(token, grant);
  }

  /** Revoked tokens are simply forgotten: the resource server then refuses them as unknown. */
  revoke(tokens: readonly string[]): void {
    for (const token of tokens) this.forget(token);
  }

  /** Rows come back in the order the tokens were issued: the oldest are revoked first, as before. */
  loadRows(rows: readonly KeptRow[]): void {
    for (const [token, grant] of rows) this.hold(token, grant as AccessGrant);
  }

  private hold(token: string, grant: AccessGrant): void {
    this.tokens.set(token, grant);
    const grantee = `${grant.clientId}\n${grant.login}`;
    const live = this.byGrantee.get(grantee) ?? [];
    this.byGrantee.set(grantee, live);
    live.push(token);
    if (live.length > MAX_TOKENS_PER_CLIENT_AND_USER) this.forget(live.shift() ?? '');
  }

  private forget(token: string): void {
    const grant = this.tokens.get(token);
    if (grant === undefined) return;
    this.tokens.delete(token);
    this.journal.delete(token);
    this.onRevoked(token, grant);
  }

  find(token: string): AccessGrant | undefined {
    return this.tokens.get(token);
  }
}
