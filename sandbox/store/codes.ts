import type { Scope } from '../scopes.js';
import { randomToken, type SecretMaker } from '../crypto.js';

/** Section 2.2: ten minutes by the client's clock. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

export interface AuthorizationCode {
  code: string;
  clientId: string;
  login: string;
  scopes: readonly Scope[];
  /** The redirect_uri as sent in the authorization request, or null when it was left out. */
  redirectUriSent: string | null;
  issuedAtMs: number;
  used: boolean;
}

export class CodeStore {
  private readonly codes = new Map<string, AuthorizationCode>();

  constructor(private readonly newSecret: SecretMaker = randomToken) {}

  issue(grant: Omit<AuthorizationCode, 'code' | 'used'>): string {
    const code = this.newSecret(32);
    this.codes.set(code, { ...grant, code, used: false });
    return code;
  }

  find(code: string): AuthorizationCode | undefined {
    return this.codes.get(code);
  }
}
