import { EventEmitter } from 'node:events';
import { expect, test } from '@playwright/test';
import { passLibraryFramesThrough } from '../helpers/report/library-frames.js';

/** A stack with a frame of Node's own (node:events) between two frames of this file. */
function stackThroughNode(): string {
  const emitter = new EventEmitter();
  let stack = '';
  emitter.on('go', () => {
    stack = new Error('here').stack ?? '';
  });
  emitter.emit('go');
  return stack;
}

test.describe('stack traces with library frames passed through (helpers/report/library-frames.ts)', () => {
  test.beforeAll(() => {
    passLibraryFramesThrough();
  });

  test('a frame of this file still reads at its TypeScript line', () => {
    const line = stackThroughNode()
      .split('\n')
      .find((text) => text.includes('library-frames.spec.ts'));
    // The `new Error` above, on line 10 of the source (the compiled file has other lines).
    expect(line).toMatch(/library-frames\.spec\.ts:10:\d+\)?$/);
  });

  test("a library frame is printed as source-map-support prints it: its file, never V8's `async` prefix", async () => {
    const nodeFrame = stackThroughNode()
      .split('\n')
      .find((text) => text.includes('node:events'));
    expect(nodeFrame).toMatch(/^ {4}at (\S+ \()?node:events:\d+:\d+\)?$/);
    // Playwright's step awaits this function: its frame is an async one of a file under node_modules,
    // which Playwright leaves out of a failure's stack only when it reads it without the prefix.
    let stack = '';
    await test.step('a step', async () => {
      await Promise.resolve();
      stack = new Error('here').stack ?? '';
    });
    const lines = stack.split('\n');
    expect(lines.some((text) => text.includes('/node_modules/playwright/'))).toBe(true);
    expect(lines.filter((text) => /^ {4}at async /.test(text))).toEqual([]);
  });

  test('installing twice wraps once', () => {
    const mapperNow = (): unknown => Reflect.get(Error, 'prepareStackTrace');
    const installed = mapperNow();
    passLibraryFramesThrough();
    expect(mapperNow()).toBe(installed);
  });
});
