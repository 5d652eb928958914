import type { BrowserContext } from '@playwright/test';
import type { TargetConfig } from '../target/target.js';
import { inOneStep } from '../report/report.js';
import { recordOrigin } from '../report/origins.js';
import { flowTitle, type AuthorizationOutcome, type AuthorizeOptions } from './authorization-flow.js';
import { ConsentFlow } from './consent-flow.js';

/**
 * Drives the real browser consent: opens the authorization URL, logs in (or finds the login done),
 * approves or denies with the contract's selectors, and captures the redirect to the client by
 * observing the navigation request (page.route does not see redirect targets). Each flow runs in a
 * page of its own, closed at the end, so the failed navigation to the client's origin can never
 * interrupt the next flow; each user's context keeps that user's login session between flows.
 */
export class ConsentDriver {
  /** One browser context per user: a login session must never carry over to another user. */
  private readonly contexts = new Map<string, BrowserContext>();
  private readonly created: BrowserContext[] = [];

  /** `firstContext`: the test's own, for the first user; null to make every context when needed. */
  constructor(
    private readonly firstContext: BrowserContext | null,
    private readonly newContext: () => Promise<BrowserContext>,
    private readonly selectors: TargetConfig['selectors'],
  ) {}

  async authorize(authorizationUrl: string, options: AuthorizeOptions): Promise<AuthorizationOutcome> {
    // The browser's own steps (navigate, click, the waits that end unanswered when the flow
    // reaches the client) under one step with the pages' screenshots: "the browser flow".
    return inOneStep(flowTitle('browser: authorization flow', options), async () => {
      const context = await this.contextFor(options.user?.login ?? '');
      const page = await context.newPage();
      try {
        return await new ConsentFlow(page, this.selectors).run(authorizationUrl, options);
      } finally {
        await page.close();
      }
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.created.map((context) => context.close()));
  }

  private async contextFor(login: string): Promise<BrowserContext> {
    const known = this.contexts.get(login);
    if (known !== undefined) return known;
    const context =
      this.contexts.size === 0 && this.firstContext !== null ? this.firstContext : await this.newContext();
    if (context !== this.firstContext) this.created.push(context);
    // Every origin the browser's pages pass through is listed in the report (origins.ts).
    context.on('request', (request) => {
      recordOrigin('browser', request.url());
    });
    this.contexts.set(login, context);
    return context;
  }
}
