import type { Page, Response } from '@playwright/test';
import type { RedirectCapture } from './redirect-capture.js';

/** How long one step of a browser flow (a page load, a click) may take. */
export const STEP_TIMEOUT_MS = 15_000;

/**
 * The document a submission leads to: `loaded` when its DOMContentLoaded fires (the old
 * document's load state would resolve at once), rejected as Playwright's own wait would be after
 * STEP_TIMEOUT_MS; `status` the HTTP status of its response (redirects skipped: the document that
 * follows them is the one that matters), null when none was seen.
 */
export class NextDocument {
  status: number | null = null;
  readonly loaded: Promise<void>;
  private readonly onResponse = (response: Response): void => {
    const status = response.status();
    if (
      response.request().isNavigationRequest() &&
      response.frame() === this.page.mainFrame() &&
      !this.capture.matches(response.url()) &&
      (status < 300 || status >= 400)
    )
      this.status = status;
  };
  private onLoaded: () => void = () => undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly page: Page,
    private readonly capture: RedirectCapture,
  ) {
    this.loaded = new Promise<void>((resolve, reject) => {
      this.onLoaded = () => {
        resolve();
      };
      this.timer = setTimeout(() => {
        reject(timeoutError(`Timeout ${STEP_TIMEOUT_MS}ms exceeded while waiting for the next page to load`));
      }, STEP_TIMEOUT_MS);
    });
    // Unhandled only when the client was reached first: then nobody waits for it.
    this.loaded.catch(() => undefined);
    page.on('response', this.onResponse);
    page.on('domcontentloaded', this.onLoaded);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.page.off('response', this.onResponse);
    this.page.off('domcontentloaded', this.onLoaded);
  }
}

/** An error that reads as Playwright's own timeouts do (its name is what callers test). */
function timeoutError(message: string): Error {
  const error = new Error(message);
  error.name = 'TimeoutError';
  return error;
}
