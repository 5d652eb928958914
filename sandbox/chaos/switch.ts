/** One switch the sandbox can change at run time (structurally identical everywhere). */
export interface SandboxSwitch {
  /** kebab-case, unique across faults, variants and settings. */
  readonly name: string;
  readonly kind: 'fault' | 'variant' | 'setting';
  /** One line for --help, the banner and GET /switches. */
  readonly summary: string;
  /** The current value: true/false for a fault or variant, the setting's JSON value otherwise. */
  get(): unknown;
  /** Validates and applies; on a bad value throws an Error whose message says what is accepted. */
  set(value: unknown): void;
}
