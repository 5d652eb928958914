import { rulebookWith, type Rulebook, type RulebookPatch } from './book.js';

/**
 * A catalogue entry's patch: the patch itself, or a factory when the patch keeps state of its own
 * (a fault's memory of deleted configurations), called each time the switch is turned on so that
 * its closure belongs to that sandbox and that turn alone.
 */
export type PatchSource = RulebookPatch | (() => RulebookPatch) | undefined;

/**
 * Settings bend the reference toward what production does outside the spec's letter (a strict
 * switch, production's User-Agent 404); variants bend it into another correct server; faults then
 * bend that server.
 */
export type PatchKind = 'setting' | 'variant' | 'fault';

/**
 * The rules in force of one sandbox: the reference with the patches of its settings (strictness.ts) applied,
 * then those of its variants, then those of its faults, each kind in the order its switches were turned on. Endpoints and components
 * read `current` at each request or use, never keep it, so that a switch turned while the sandbox
 * runs reaches the next request.
 */
export class RulesInForce {
  private readonly on: Record<PatchKind, Map<string, RulebookPatch | undefined>> = {
    setting: new Map(),
    variant: new Map(),
    fault: new Map(),
  };
  private book: Rulebook = rulebookWith([]);

  /** The rulebook as the switches now have it. */
  get current(): Rulebook {
    return this.book;
  }

  isOn(kind: PatchKind, name: string): boolean {
    return this.on[kind].has(name);
  }

  /** The names of one kind turned on, in the order they were. */
  names(kind: PatchKind): string[] {
    return [...this.on[kind].keys()];
  }

  /** Turns a switch on (a factory patch gets a fresh closure); already on, it stays as it was. */
  turnOn(kind: PatchKind, name: string, source: PatchSource): void {
    if (this.on[kind].has(name)) return;
    this.on[kind].set(name, patchOf(source));
    this.recompute();
  }

  turnOff(kind: PatchKind, name: string): void {
    if (this.on[kind].delete(name)) this.recompute();
  }

  private recompute(): void {
    this.book = rulebookWith([
      ...this.on.setting.values(),
      ...this.on.variant.values(),
      ...this.on.fault.values(),
    ]);
  }
}

function patchOf(source: PatchSource): RulebookPatch | undefined {
  return typeof source === 'function' ? source() : source;
}
