import {
  hashPassword,
  passwordMatches,
  randomId,
  randomToken,
  type PasswordHash,
  type SecretMaker,
} from './crypto.js';
import { NO_JOURNAL, type KeptRow, type KeptStore, type RowJournal } from '../persist/journal.js';

export interface User {
  login: string;
  name: string;
  email: string;
}

interface StoredUser extends User {
  password: PasswordHash;
}

export interface NewUser {
  login?: string | undefined;
  password?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
}

/** A hash computed for unknown logins, so that they cost as much as a wrong password. */
const DECOY = hashPassword(randomToken(16));

/** A user as kept across restarts: the password's salt and scrypt hash, never the password. */
interface KeptUser extends User {
  salt: string;
  hash: string;
}

export class UserStore implements KeptStore {
  private readonly users = new Map<string, StoredUser>();
  journal: RowJournal = NO_JOURNAL;

  constructor(private readonly newSecret: SecretMaker = randomToken) {}

  get size(): number {
    return this.users.size;
  }

  has(login: string): boolean {
    return this.users.has(login);
  }

  create(input: NewUser): User & { password: string } {
    const login = input.login ?? randomId('user_', 8);
    const password = input.password ?? this.newSecret(18);
    const name = input.name ?? `Conformance User ${login.slice(-6)}`;
    const email = input.email ?? `${login.toLowerCase().replace(/[^a-z0-9_.-]/g, '')}@sandbox.example`;
    const hashed = hashPassword(password);
    this.users.set(login, { login, name, email, password: hashed });
    const kept: KeptUser = { login, name, email, salt: hashed.salt, hash: hashed.hash.toString('base64') };
    this.journal.put(login, kept);
    return { login, password, name, email };
  }

  loadRows(rows: readonly KeptRow[]): void {
    for (const [, value] of rows) {
      const { salt, hash, ...user } = value as KeptUser;
      this.users.set(user.login, { ...user, password: { salt, hash: Buffer.from(hash, 'base64') } });
    }
  }

  find(login: string): User | undefined {
    return this.users.get(login);
  }

  /** Some user other than `login` (for the fault that leaks another user's data). */
  any(login: string): User | undefined {
    for (const user of this.users.values()) if (user.login !== login) return user;
    return undefined;
  }

  /** The user when the password matches; unknown logins take the same path and time. */
  verify(login: string, password: string): User | undefined {
    const stored = this.users.get(login);
    const matches = passwordMatches(password, stored?.password ?? DECOY);
    return stored !== undefined && matches ? stored : undefined;
  }
}
