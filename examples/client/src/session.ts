import { TokenRevoked } from './http.js';

/**
 * The account's connection, renewed when its token is refused. There is no refresh grant (field
 * notes): a token answered ACCESS_DENIED or ACCESS_TOKEN_NOT_FOUND is dead (http.ts never sends it
 * again), and the only way on is the user's consent again. Each step of a run runs with the token
 * in force; a step whose token was refused runs again from its start with the new one (a crawl
 * from its first page: its page tokens came with the dead token's listing). At most
 * `mostRenewals` new consents a run, so a marketplace that refuses every fresh token does not keep
 * the user consenting for ever; 12, because the sandbox's token-revoked profile revokes 8% of the
 * API's requests and a run of some fifty of them meets more than 12 once in ten thousand runs.
 */

export const MOST_RENEWALS = 12;

/** What a step needs of the session: a live token. */
export interface TokenUser {
  use<T>(step: (token: string) => Promise<T>): Promise<T>;
}

export class Session implements TokenUser {
  private token: string | undefined;
  private renewals = 0;

  constructor(
    /** A new consent: the browser sent away, the code exchanged; the new token. */
    private readonly consent: () => Promise<string>,
    private readonly log: (line: string) => void = () => undefined,
    private readonly mostRenewals = MOST_RENEWALS,
  ) {}

  /** How many times the user was asked again. */
  get renewed(): number {
    return this.renewals;
  }

  /** The first consent (the account connected). */
  async open(): Promise<void> {
    this.token ??= await this.consent();
  }

  async use<T>(step: (token: string) => Promise<T>): Promise<T> {
    for (;;) {
      const token = this.token ?? (await this.consent());
      this.token = token;
      try {
        return await step(token);
      } catch (error) {
        if (!(error instanceof TokenRevoked) || this.renewals >= this.mostRenewals) throw error;
        this.renewals += 1;
        this.token = undefined;
        this.log(
          `${error.message}: asking the user to consent again (${this.renewals} of ${this.mostRenewals})`,
        );
      }
    }
  }
}
