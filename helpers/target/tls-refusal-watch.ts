import type { Page, Request } from '@playwright/test';
import { BrokenEnvironmentError, whereOf } from './broken-environment.js';

/** Chromium's net errors for a certificate or handshake it refused. */
const TLS_ERROR = /ERR_CERT_|ERR_SSL_|ERR_BAD_SSL|ERR_TLS/;

/**
 * Watches a page for a navigation the browser refused over TLS (a certificate from a CA it was
 * not told to trust, expired, for another host), wherever the flow had got to: the browser trusts
 * only TLS_CA_FILE's CA for the target (helpers/target/browser-trust.ts), so that is a broken
 * environment (or a machine in the middle), never a finding about the API.
 */
export class TlsRefusalWatch {
  private refused: { url: string; reason: string } | null = null;
  private readonly listener = (request: Request): void => {
    const reason = request.failure()?.errorText ?? '';
    if (this.refused === null && request.isNavigationRequest() && TLS_ERROR.test(reason))
      this.refused = { url: request.url(), reason };
  };

  constructor(private readonly page: Page) {
    page.on('requestfailed', this.listener);
  }

  /** Throws the broken environment when a navigation was refused for TLS. */
  check(): void {
    if (this.refused === null) return;
    throw new BrokenEnvironmentError(
      `the browser refused the TLS certificate of ${whereOf(this.refused.url)}: ${this.refused.reason} (it trusts TLS_CA_FILE only for the target's own certificate)`,
    );
  }

  dispose(): void {
    this.page.off('requestfailed', this.listener);
  }
}
