import type { StartedSandbox } from '../sandbox/start.js';
import type { Scope } from '../spec/scopes.js';

/** A client, a user and an access token made straight in the sandbox's state: set-up is not what benchmarks measure. */
export function benchActor(sandbox: StartedSandbox, scopes: readonly Scope[] = ['autoupload']) {
  const { client } = sandbox.state.clients.register(['http://127.0.0.1:9/cb'], 'bench');
  const user = sandbox.state.users.create({});
  const token = sandbox.state.tokens.issue({
    clientId: client.clientId,
    login: user.login,
    scopes,
    issuedAtMs: Date.now(),
  });
  return { clientId: client.clientId, login: user.login, token };
}

export type BenchActor = ReturnType<typeof benchActor>;
