import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSandbox } from '../sandbox/start.js';

test.describe('the sandbox leaves nothing behind (sandbox/start.ts)', () => {
  test('the folder it made for its CA file is gone once it is closed', async () => {
    const sandbox = await startSandbox();
    const folder = dirname(sandbox.caFile);
    expect(existsSync(sandbox.caFile)).toBe(true);
    await sandbox.close();
    expect(existsSync(folder)).toBe(false);
  });
});
