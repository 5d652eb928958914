import type { FastifyReply, FastifyRequest } from 'fastify';
import { HelperError } from '../../spec/errors.js';

/**
 * Large seeding bodies are read one at a time: each may hold 16 MiB as text and more once parsed,
 * so parallel ones would multiply the peak. A request waits for a slot before its body is read (the
 * socket applies back-pressure meanwhile); past `waiting`, it is refused.
 */
export const SEED_GATE = { running: 1, waiting: 32 } as const;

export class SeedGate {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  /** onRequest hook: resolves once the request holds a slot, released when its response ends. */
  enter = async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (this.running >= SEED_GATE.running) {
      if (this.queue.length >= SEED_GATE.waiting)
        throw new HelperError(
          'BAD_REQUEST',
          `Too many ad sets waiting to be read (${SEED_GATE.waiting}); try again when one has finished.`,
        );
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running += 1;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next === undefined) this.running -= 1;
      else next();
    };
    // 'close' comes when the response has ended or the connection dropped, whichever first.
    reply.raw.once('close', release);
  };
}
