import type { Scope } from '../scopes.js';
import { randomToken, type SecretMaker } from '../crypto.js';

/** What an access token stands for: the resource server checks its scopes (section 5, rule 3). */
export interface AccessGrant {
  clientId: string;
  login: string;
  scopes: readonly Scope[];
  issuedAtMs: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, AccessGrant>();

  constructor(private readonly newSecret: SecretMaker = randomToken) {}

  issue(grant: AccessGrant): string {
    const token = this.newSecret(32);
    this.tokens.set(token, grant);
    return token;
  }

  find(token: string): AccessGrant | undefined {
    return this.tokens.get(token);
  }
}
