/**
 * One switch the sandbox can change at run time (structurally identical everywhere): the ad
 * import's settings take this shape, so that the switch registry lists and sets them with the rest.
 */
export interface SandboxSwitch {
  /** kebab-case, unique across faults, variants and settings, e.g. "import-moderation-delay". */
  readonly name: string;
  readonly kind: 'fault' | 'variant' | 'setting';
  /** One line for --help, the banner and GET /switches. */
  readonly summary: string;
  /** The current value: true/false for a fault or variant, the setting's JSON value otherwise. */
  get(): unknown;
  /** Validates and applies; on a bad value throws an Error whose message says what is accepted. */
  set(value: unknown): void;
}
