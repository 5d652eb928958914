import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Suite, TestStep } from '@playwright/test/reporter';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import type { TestResult, TestResultContainer } from 'allure-js-commons';
import { AllureReporter } from 'allure-playwright';

/**
 * allure-playwright with a writer that does not fsync. Its own writer syncs every result and
 * attachment to disk, in the runner's main thread, where the embedded sandbox also answers: a
 * gate run writes about 1,200 files, and the syncs held that thread for 7 of its 48 seconds on
 * this machine. A report needs no protection against a power cut; it keeps the atomic rename (a
 * reader never sees half a file). Everything else is allure-playwright's.
 */
export default class ConformanceAllureReporter extends AllureReporter {
  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    const resultsDir = this.options.resultsDir ?? './allure-results';
    // allure-playwright makes its writer in onBegin and offers no option for another.
    const runtime = (this as unknown as { allureRuntime?: { writer: unknown } }).allureRuntime;
    if (runtime !== undefined) runtime.writer = new UnsyncedWriter(resultsDir);
    // allure-playwright reports an error of a hook step as a global error of the run; a skip taken
    // in a fixture (a test that needs the test helpers) ends its step with Playwright's skip
    // "error", which made the overview show a red "Global Errors" badge for ordinary skips.
    const self = this as unknown as { emitGlobalErrorFromHookStep?: (step: TestStep) => void };
    const emit = self.emitGlobalErrorFromHookStep?.bind(this);
    if (emit !== undefined)
      self.emitGlobalErrorFromHookStep = (step) => {
        if (!isSkip(step)) emit(step);
      };
  }
}

/**
 * Playwright's TestSkipError ("Test is skipped: <reason>"), thrown by testInfo.skip(true, ...); a
 * skip taken in a beforeEach hook reaches the reporter with the error's name before it ("Error: ").
 */
export const SKIP_MESSAGE = /^(Error: )?Test is skipped: /;

export function isSkip(step: Pick<TestStep, 'error'>): boolean {
  return SKIP_MESSAGE.test(step.error?.message ?? '');
}

/** FileSystemWriter's files, written without fsync (the environment and categories kept as they are). */
export class UnsyncedWriter extends FileSystemWriter {
  constructor(private readonly resultsDir: string) {
    super({ resultsDir });
  }

  override writeResult(result: TestResult): void {
    this.publish(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  override writeGroup(result: TestResultContainer): void {
    this.publish(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  override writeAttachment(distFileName: string, content: Buffer): void {
    this.publish(distFileName, content);
  }

  override writeAttachmentFromPath(distFileName: string, from: string): void {
    this.publish(distFileName, (temporary) => {
      copyFileSync(from, temporary);
    });
  }

  override writeGlobals(distFileName: string, info: Parameters<FileSystemWriter['writeGlobals']>[1]): void {
    this.publish(distFileName, JSON.stringify(info));
  }

  /** Writes `content` (or has `write` write it) beside its place, then renames it there whole. */
  private publish(name: string, content: string | Buffer | ((temporary: string) => void)): void {
    mkdirSync(this.resultsDir, { recursive: true });
    const temporary = join(this.resultsDir, `.allure-write-${randomUUID()}.tmp`);
    if (typeof content === 'function') content(temporary);
    else writeFileSync(temporary, content);
    renameSync(temporary, join(this.resultsDir, name));
  }
}
