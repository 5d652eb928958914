import { randomBytes } from 'node:crypto';

/** A state value with characters that must survive the round trip unchanged (4.1: "returned unchanged"). */
export function trickyState(): string {
  return `st-${randomBytes(6).toString('hex')} +/=?&é%20`;
}
