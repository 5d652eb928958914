import { createHash } from 'node:crypto';

/**
 * Seeded draws for chaos decisions. Each decision gets its own stream, seeded by SHA-256 over
 * (seed, client id, stage, place in that client's sequence): the same seed and the same sequence
 * of requests give the same decisions whatever other clients do meanwhile. The stream is
 * SplitMix32 (a small, well-known generator; pure-rand, which fast-check brings, is a development
 * dependency only and the sandbox runs on its production dependencies).
 */
export type Draws = () => number;

export function drawsFor(seed: number, clientId: string, stage: string, place: number): Draws {
  let state = createHash('sha256')
    .update(`${seed}\n${clientId}\n${stage}\n${place}`)
    .digest()
    .readUInt32BE(0);
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
    mixed ^= mixed >>> 16;
    return (mixed >>> 0) / 4294967296;
  };
}
