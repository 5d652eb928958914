import { randomInt } from 'node:crypto';

/**
 * Page tokens in a form a marketplace was observed to write them (a calibration: its alphabet and
 * length), where the sandbox's own carry a signature and a separator: each token the sandbox signs
 * is handed out as an alias of that form and length, random, and taken back for it. The aliases
 * live as long as the process, the most recent 100,000 of them: a client holds the newest.
 */
export interface ObservedTokenForm {
  alphabet: 'hexadecimal' | 'base64url' | 'base64';
  length: number;
}

const ALPHABETS: Readonly<Record<ObservedTokenForm['alphabet'], string>> = {
  hexadecimal: '0123456789abcdef',
  base64url: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  base64: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
};
/** Shorter than this, random aliases could meet: a calibration asks for at least this length. */
export const SHORTEST_ALIAS = 12;
const MAX_ALIASES = 100_000;

export class TokenAliases {
  private readonly byAlias = new Map<string, string>();
  private readonly byToken = new Map<string, string>();

  constructor(readonly form: ObservedTokenForm) {}

  /** The alias of a signed token (the same one again for the same token while it is kept). */
  aliasOf(token: string): string {
    const known = this.byToken.get(token);
    if (known !== undefined) return known;
    let alias = this.fresh();
    while (this.byAlias.has(alias)) alias = this.fresh();
    if (this.byAlias.size >= MAX_ALIASES) this.forgetOldest();
    this.byAlias.set(alias, token);
    this.byToken.set(token, alias);
    return alias;
  }

  /** The signed token an alias stands for, or undefined for one this process did not hand out. */
  tokenOf(alias: string): string | undefined {
    return this.byAlias.get(alias);
  }

  private fresh(): string {
    const symbols = ALPHABETS[this.form.alphabet];
    let alias = '';
    for (let index = 0; index < this.form.length; index += 1)
      alias += symbols[randomInt(symbols.length)] ?? '';
    return alias;
  }

  private forgetOldest(): void {
    const [oldest] = this.byAlias;
    if (oldest === undefined) return;
    this.byAlias.delete(oldest[0]);
    this.byToken.delete(oldest[1]);
  }
}
