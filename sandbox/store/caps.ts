/**
 * What one sandbox holds at most (README, "The sandbox's choices"): a shared sandbox must not be
 * driven out of memory, losing every user's state, by one tester's loop. Past a cap, the helper
 * answers 400 BAD_REQUEST saying which cap.
 */
export interface SandboxCaps {
  users: number;
  clients: number;
  /** Seeded ads across every user (one user holds at most 200,000, contract section 2). */
  ads: number;
}

export const SANDBOX_CAPS: Readonly<SandboxCaps> = { users: 10_000, clients: 10_000, ads: 250_000 };
