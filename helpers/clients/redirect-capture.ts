import type { Page, Request, Response } from '@playwright/test';
import { registerRedirectSecrets } from '../report/secret-harvest.js';
import type { AuthorizationOutcome, PageKind } from './authorization-flow.js';

/** Watches the page for a navigation to the client's origin. */
export class RedirectCapture {
  private captured: URL | null = null;
  /** Fragments of Location headers pointing at the client, by the URL without its fragment. */
  private readonly fragments = new Map<string, string>();
  private readonly responseListener = (response: Response): void => {
    const status = response.status();
    const location = status >= 300 && status < 400 ? response.headers()['location'] : undefined;
    if (location === undefined) return;
    try {
      const target = new URL(location, response.url());
      if (target.origin !== this.origin || target.hash === '') return;
      const fragment = target.hash.slice(1);
      target.hash = '';
      registerRedirectSecrets(`${target.toString()}#${fragment}`);
      this.fragments.set(target.toString(), fragment);
    } catch {
      // Not a URL: the navigation, if any, is judged by where the browser went.
    }
  };
  private resolve: () => void = () => undefined;
  readonly reached: Promise<void>;
  private readonly listener = (request: Request): void => {
    if (this.captured === null && request.isNavigationRequest() && this.matches(request.url())) {
      this.captured = new URL(request.url());
      registerRedirectSecrets(this.captured.toString());
      this.resolve();
    }
  };

  constructor(
    private readonly page: Page,
    private readonly origin: string,
  ) {
    this.reached = new Promise((resolve) => {
      this.resolve = resolve;
    });
    page.on('request', this.listener);
    page.on('response', this.responseListener);
  }

  matches(url: string): boolean {
    try {
      return new URL(url).origin === this.origin;
    } catch {
      return false;
    }
  }

  outcome(pagesSeen: PageKind[]): AuthorizationOutcome | null {
    if (this.captured === null) return null;
    const params = this.captured.searchParams;
    return {
      kind: 'redirected',
      url: this.captured,
      params,
      fragment: this.fragments.get(this.captured.toString()) ?? '',
      code: params.get('code'),
      state: params.get('state'),
      error: params.get('error'),
      pagesSeen,
    };
  }

  dispose(): void {
    this.page.off('request', this.listener);
    this.page.off('response', this.responseListener);
  }
}
