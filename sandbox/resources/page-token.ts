import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TokenAliases, type ObservedTokenForm } from './page-token-alias.js';

/** Where a page starts, in one user's view of one filter. */
export interface PageCursor {
  login: string;
  status: string | null;
  generation: number;
  position: number;
}

/**
 * How tokens are written: base64url with a dot before the signature, hex with a tilde, or (a
 * calibration) as aliases of an observed marketplace's alphabet and length (page-token-alias.ts).
 */
export type PageTokenForm = 'base64url' | 'hex' | ObservedTokenForm;

/** Bounds the memory of verified tokens; beyond it the cache starts over. */
const MAX_VERIFIED = 4096;

/**
 * Page tokens are opaque and signed: a client can neither read them nor edit one into another
 * position, filter or user. The key lives only as long as the process.
 */
export class PageTokens {
  private readonly key = randomBytes(32);
  private encoding: 'base64url' | 'hex' = 'base64url';
  private separator = '.';
  /** The form in force, as text: a change of it starts the tokens over. */
  private formKey = 'base64url';
  private aliases: TokenAliases | undefined;
  /** Tokens already verified: a crawler resending a page's token skips the HMAC and the parse. */
  private readonly verified = new Map<string, Readonly<PageCursor>>();

  /**
   * `form` reads the rule pageTokenForm in force (the variant listing-hex-page-tokens: another
   * form), at each use: a switch turned while the sandbox runs changes the tokens from then on.
   */
  constructor(private readonly form: () => PageTokenForm = () => 'base64url') {}

  /** Follows the form in force; a token of another form is no token of this listing's. */
  private inForm(): void {
    const form = this.form();
    const key = typeof form === 'string' ? form : `${form.alphabet} ${form.length}`;
    if (key === this.formKey) return;
    this.formKey = key;
    this.encoding = form === 'hex' ? 'hex' : 'base64url';
    this.separator = form === 'hex' ? '~' : '.';
    this.aliases = typeof form === 'string' ? undefined : new TokenAliases(form);
    this.verified.clear();
  }

  encode(cursor: PageCursor): string {
    this.inForm();
    const fields = [cursor.login, cursor.status, cursor.generation, cursor.position];
    const payload = Buffer.from(JSON.stringify(fields)).toString(this.encoding);
    const signed = `${payload}${this.separator}${this.sign(payload)}`;
    return this.aliases === undefined ? signed : this.aliases.aliasOf(signed);
  }

  /** The cursor, or undefined for anything this sandbox did not issue unchanged. */
  decode(given: string): Readonly<PageCursor> | undefined {
    this.inForm();
    const token = this.aliases === undefined ? given : this.aliases.tokenOf(given);
    if (token === undefined) return undefined;
    const known = this.verified.get(token);
    if (known !== undefined) return known;
    const cursor = this.verify(token);
    if (cursor === undefined) return undefined;
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(token, Object.freeze(cursor));
    return cursor;
  }

  private verify(token: string): PageCursor | undefined {
    const [payload, signature, ...rest] = token.split(this.separator);
    if (payload === undefined || signature === undefined || rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [login, status, generation, position] = JSON.parse(
      Buffer.from(payload, this.encoding).toString('utf8'),
    ) as [string, string | null, number, number];
    return { login, status, generation, position };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest(this.encoding);
  }
}
