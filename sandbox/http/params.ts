/** Query or form parameters with every value kept, so that a repeated parameter can be refused. */
export class Params {
  private constructor(private readonly pairs: ReadonlyArray<readonly [string, string]>) {}

  static fromUrl(rawUrl: string): Params {
    const queryStart = rawUrl.indexOf('?');
    return Params.fromEncoded(queryStart < 0 ? '' : rawUrl.slice(queryStart + 1));
  }

  static fromEncoded(encoded: string): Params {
    return new Params([...new URLSearchParams(encoded)]);
  }

  /** The single value, or undefined when absent; check `repeated` first where repeats matter. */
  get(name: string): string | undefined {
    return this.pairs.find(([key]) => key === name)?.[1];
  }

  has(name: string): boolean {
    return this.pairs.some(([key]) => key === name);
  }

  /** Every name sent, once each, in order. */
  names(): string[] {
    return [...new Set(this.pairs.map(([key]) => key))];
  }

  /** Names that occur more than once. */
  repeated(): string[] {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const [key] of this.pairs) (seen.has(key) ? twice : seen).add(key);
    return [...twice];
  }

  longestValue(): number {
    return this.pairs.reduce((longest, [, value]) => Math.max(longest, value.length), 0);
  }
}
