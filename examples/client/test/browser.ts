import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from '@playwright/test';

/**
 * The user, in a headless Chromium (Debian's, never a download): opens the client's authorization
 * URL, signs in, approves, and lets the marketplace send the browser back to the client's redirect
 * URI. An edge page (or a connection closed unanswered) on the way is met as a person meets it: a
 * pause, then the authorization URL again, a few times at most.
 */

export interface User {
  login: string;
  password: string;
}

export interface ConsentSelectors {
  login: string;
  password: string;
  submit: string;
  approve: string;
}

/** The reference sandbox's login and consent pages. */
export const SANDBOX_SELECTORS: ConsentSelectors = {
  login: '#login-username',
  password: '#login-password',
  submit: '#login-submit',
  approve: '#consent-approve',
};

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

const ATTEMPTS = 5;
const PAUSE_MS = 600;
/** After a 429 page (the marketplace's rate-limit block): the block lasts seconds, not a moment. */
const BLOCKED_PAUSE_MS = 3000;
const STEP_TIMEOUT_MS = 15_000;

/** The key of the server's own certificate, verified against the CA file: the one key Chromium is told to accept. */
export function pinnedKey(url: string, caFile: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(
      {
        host: hostname,
        port: Number(port || 443),
        ca: readFileSync(caFile, 'utf8'),
        servername: hostname === '127.0.0.1' ? undefined : hostname,
      },
      () => {
        const der = socket.getPeerCertificate().raw;
        socket.end();
        const key = new X509Certificate(der).publicKey.export({ type: 'spki', format: 'der' });
        resolve(createHash('sha256').update(key).digest('base64'));
      },
    );
    socket.once('error', reject);
  });
}

export class ConsentBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly user: User,
    private readonly redirectUri: string,
    private readonly selectors: ConsentSelectors,
  ) {}

  static async launch(options: {
    user: User;
    redirectUri: string;
    authUrl: string;
    caFile?: string;
    chromiumPath?: string;
    selectors?: ConsentSelectors;
  }): Promise<ConsentBrowser> {
    const pins = options.caFile === undefined ? [] : [await pinnedKey(options.authUrl, options.caFile)];
    const browser = await chromium.launch({
      headless: true,
      executablePath:
        options.chromiumPath ?? CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        // A runner reaches the marketplace alone: without these Chromium keeps dialling its own hosts.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...pins.map((pin) => `--ignore-certificate-errors-spki-list=${pin}`),
      ],
    });
    return new ConsentBrowser(
      browser,
      options.user,
      options.redirectUri,
      options.selectors ?? SANDBOX_SELECTORS,
    );
  }

  /** The user's part of the consent, from the authorization URL to the client's redirect URI. */
  async consent(url: string): Promise<void> {
    const context = await this.browser.newContext();
    const page = await context.newPage();
    let lastStatus = 0;
    page.on('response', (response) => {
      if (response.request().isNavigationRequest()) lastStatus = response.status();
    });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        if (await this.attempt(page, url)) return;
        await sleep((lastStatus === 429 ? BLOCKED_PAUSE_MS : PAUSE_MS) * attempt);
      }
      throw new Error(`the consent did not reach ${this.redirectUri} in ${ATTEMPTS} attempts`);
    } finally {
      await context.close();
    }
  }

  private atRedirect(page: Page): boolean {
    return page.url().startsWith(this.redirectUri);
  }

  /** One pass; false when a page on the way was not the marketplace's (an edge's, or none). */
  private async attempt(page: Page, url: string): Promise<boolean> {
    try {
      await page.goto(url);
      if (!this.atRedirect(page) && (await page.locator(this.selectors.login).count()) > 0) {
        await page.fill(this.selectors.login, this.user.login);
        await page.fill(this.selectors.password, this.user.password);
        await Promise.all([page.waitForEvent('load'), page.click(this.selectors.submit)]);
      }
      if (!this.atRedirect(page) && (await page.locator(this.selectors.approve).count()) > 0)
        await Promise.all([page.waitForEvent('load'), page.click(this.selectors.approve)]);
      return this.atRedirect(page);
    } catch {
      return this.atRedirect(page);
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
