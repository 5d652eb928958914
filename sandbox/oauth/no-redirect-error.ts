import type { PageNote } from '../http/html.js';

/**
 * A failure of 7.1's first two rows: client or redirect URI not trustworthy, so the user is shown
 * an error page and the browser is never sent to the redirect URI.
 */
export class NoRedirectError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the page says beyond the error: what would make the request right. */
    readonly notes: readonly PageNote[] = [],
  ) {
    super(message);
    this.name = 'NoRedirectError';
  }
}
