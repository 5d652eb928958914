/**
 * When imports are decided: each import's ads a stated delay after it was accepted
 * (import-moderation-delay), by a timer the sandbox's close clears. Unref'd: a pending decision
 * never keeps a process alive.
 */
export class ModerationQueue {
  private readonly timers = new Set<NodeJS.Timeout>();

  schedule(delayMs: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Imports waiting for their decision. */
  get waiting(): number {
    return this.timers.size;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
