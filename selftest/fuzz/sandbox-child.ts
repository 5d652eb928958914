// The fuzz test's sandbox, in a process of its own so that a crash is seen as an exit, not as a
// failure of the test runner. Its URLs and key go to the parent over IPC, never to stdout.
import { randomBytes } from 'node:crypto';
import { startSandbox } from '../../sandbox/start.js';
import { secretMarker } from '../../spec/secret-marker.js';
import { environment } from '../../config/environment.js';

export interface ChildSandboxReady {
  authUrl: string;
  appsUrl: string;
  caFile: string;
  controlKey: string;
}

const marker = secretMarker(environment());

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    controlKey: `${marker}${randomBytes(24).toString('base64url')}`,
    secretPrefix: marker,
  });
  const ready: ChildSandboxReady = {
    authUrl: sandbox.authUrl,
    appsUrl: sandbox.appsUrl,
    caFile: sandbox.caFile,
    controlKey: sandbox.controlKey ?? '',
  };
  process.send?.(ready);
  process.on('disconnect', () => {
    void sandbox.close().then(() => process.exit(0));
  });
}

void main();
