import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { settingsOf } from '../config/environment.js';
import { ACCOUNT_TLS_DIR } from '../sandbox/service/options.js';

/**
 * Where an in-memory sandbox keeps its CA, said alike by the two pages that say it and by the code:
 * `reports/sandbox-tls/` (SANDBOX_TLS_DIR's default) for `sandbox --in-memory`, ACCOUNT_TLS_DIR for
 * `sandbox --account --in-memory` (bin/sandbox.ts).
 */
const ROOT = resolve(__dirname, '..');
const page = (name: string): string => readFileSync(join(ROOT, 'docs', name), 'utf8').replace(/\s+/g, ' ');

test('the pages name the folders the code keeps an in-memory CA in', () => {
  const plain = settingsOf({}).SANDBOX_TLS_DIR;
  expect(plain).toBe('reports/sandbox-tls');
  expect(page('sandbox-service.md')).toContain(
    `with \`--in-memory\` it is \`${plain}/\`, and with \`--account --in-memory\` \`${ACCOUNT_TLS_DIR}/\``,
  );
  expect(page('sandbox-account.md')).toContain(`(\`${ACCOUNT_TLS_DIR}/ca.pem\` with \`--in-memory\`)`);
});
