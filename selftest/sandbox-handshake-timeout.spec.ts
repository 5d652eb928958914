import { connect, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';

/**
 * A connection to the HTTPS port that never begins its handshake is closed after a short silence
 * (http/server-options.ts, TLS_HANDSHAKE_TIMEOUT_MS), where Node's default held it for 120 s: 1,100
 * of them held 862 descriptors after 3 s. The test waits for the close itself, not for a time.
 */
let sandbox: StartedSandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({});
});
test.afterAll(async () => {
  await sandbox.close();
});

/** A TCP connection that sends nothing; resolves with whether the server ended it, once it is closed. */
function silentConnection(url: string): Promise<{ endedByServer: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let endedByServer = false;
    const socket: Socket = connect({ host: hostname, port: Number(port) });
    socket.on('end', () => (endedByServer = true));
    socket.on('error', () => (endedByServer = true));
    socket.on('close', () => {
      resolve({ endedByServer });
    });
  });
}

test('a connection to the authorization server that never begins a TLS handshake is closed by the sandbox', async () => {
  expect(await silentConnection(sandbox.authUrl)).toEqual({ endedByServer: true });
});
