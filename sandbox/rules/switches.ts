/** One switch the sandbox can change at run time: a fault, a variant, or a setting an area registers. */
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
  /** The value a data folder keeps, where `get` shows less than `set` needs to take it back. */
  kept?(): unknown;
}

/** A switch as GET /switches and the CLI show it. */
export interface SwitchView {
  name: string;
  kind: SandboxSwitch['kind'];
  summary: string;
  value: unknown;
}

/** A name no switch has: the message lists every known name. */
export class UnknownSwitch extends Error {
  constructor(name: string, known: readonly string[]) {
    super(`No switch is named "${name}"; known: ${known.join(', ')}.`);
    this.name = 'UnknownSwitch';
  }
}

/**
 * Every switch of one sandbox by name: faults, variants and the settings other parts register.
 * Two switches of one name are a bug of the sandbox, refused when the registry is made.
 */
export class SwitchRegistry {
  private readonly byName = new Map<string, SandboxSwitch>();
  /** Told after each switch set (a data folder keeps their values: state/kept-switches.ts). */
  onSet: () => void = () => undefined;

  constructor(switches: readonly SandboxSwitch[]) {
    for (const one of switches) {
      if (this.byName.has(one.name)) throw new Error(`Two sandbox switches are named "${one.name}".`);
      this.byName.set(one.name, one);
    }
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  list(): SwitchView[] {
    return [...this.byName.values()].map(viewOf);
  }

  /** Each switch's value as a data folder keeps it (state/kept-switches.ts), set again at a restart. */
  keptValues(): Record<string, unknown> {
    return Object.fromEntries(
      [...this.byName.values()].map((one) => [one.name, one.kept === undefined ? one.get() : one.kept()]),
    );
  }

  /** The switches whose value is not off (a fault or variant on, a setting's value). */
  on(): SwitchView[] {
    return this.list().filter((view) => view.value !== false);
  }

  /** Sets one switch; an unknown name is an UnknownSwitch, a bad value the switch's own Error. */
  set(name: string, value: unknown): SwitchView {
    const found = this.byName.get(name);
    if (found === undefined) throw new UnknownSwitch(name, this.names());
    found.set(value);
    this.onSet();
    return viewOf(found);
  }
}

function viewOf(one: SandboxSwitch): SwitchView {
  return { name: one.name, kind: one.kind, summary: one.summary, value: one.get() };
}

/** An on/off switch's value: true or false, nothing else. */
export function onOff(value: unknown, kind: string): boolean {
  if (typeof value !== 'boolean') throw new Error(`A ${kind} switch takes true (on) or false (off).`);
  return value;
}
