import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Suite } from '@playwright/test/reporter';
import ConformanceAllureReporter, { UnsyncedWriter } from '../helpers/report/allure-reporter.js';

/**
 * The Allure results are written without an fsync per file (7 s of the runner's main
 * thread in a gate run), the same files in the same place, each published whole by a rename.
 */
test('the reporter writes through the unsynced writer, and that writer leaves whole files only', () => {
  const resultsDir = mkdtempSync(join(tmpdir(), 'allure-writer-'));
  const reporter = new ConformanceAllureReporter({ resultsDir });
  reporter.onBegin({} as Suite);
  const runtime = (reporter as unknown as { allureRuntime: { writer: unknown } }).allureRuntime;
  expect(runtime.writer).toBeInstanceOf(UnsyncedWriter);

  const writer = runtime.writer as UnsyncedWriter;
  writer.writeAttachment('a-attachment.txt', Buffer.from('exchange'));
  writer.writeResult({ uuid: 'u1', name: 'a test' } as Parameters<UnsyncedWriter['writeResult']>[0]);
  expect(readdirSync(resultsDir).sort()).toEqual(['a-attachment.txt', 'u1-result.json']);
  expect(readFileSync(join(resultsDir, 'a-attachment.txt'), 'utf8')).toBe('exchange');
  expect(JSON.parse(readFileSync(join(resultsDir, 'u1-result.json'), 'utf8'))).toMatchObject({
    name: 'a test',
  });
  rmSync(resultsDir, { recursive: true, force: true });
});
