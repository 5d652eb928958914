import { test, type Page, type Request } from '@playwright/test';
import type { TargetConfig } from '../target/target.js';
import { BrokenEnvironmentError, whereOf } from '../target/broken-environment.js';
import { registerSecret } from '../report/redact.js';
import { insideTest, testLocation } from '../report/report.js';
import { TlsRefusalWatch } from '../target/tls-refusal-watch.js';
import type { AuthorizationOutcome, AuthorizeOptions, PageKind } from './authorization-flow.js';
import { NextDocument, STEP_TIMEOUT_MS } from './next-document.js';
import { clickOn, typeInto, typeSecretInto } from './page-input.js';
import { RedirectCapture } from './redirect-capture.js';
import { settings } from '../../config/environment.js';

const MAX_STEPS = 6;
/** How long a page with a meta refresh or a script is given to move on to the client. */
const PAGE_REDIRECT_WAIT_MS = 5_000;

/** One authorization flow in one page. */
export class ConsentFlow {
  constructor(
    private readonly page: Page,
    private readonly selectors: TargetConfig['selectors'],
  ) {}

  async run(authorizationUrl: string, options: AuthorizeOptions): Promise<AuthorizationOutcome> {
    const capture = new RedirectCapture(this.page, options.clientOrigin);
    const tls = new TlsRefusalWatch(this.page);
    const pagesSeen: PageKind[] = [];
    try {
      let status = await this.open(authorizationUrl, options.clientOrigin);
      for (let step = 0; step < MAX_STEPS; step += 1) {
        tls.check();
        const redirected = capture.outcome(pagesSeen);
        if (redirected !== null) return redirected;
        const kind = await this.recognise();
        if (kind === 'other') {
          if (await this.movesOnByItself(capture)) continue;
          return this.stopped(status, 'other', false, pagesSeen);
        }
        if (kind === 'login' && pagesSeen.at(-1) === 'login')
          return this.stopped(status, 'login', true, pagesSeen);
        pagesSeen.push(kind);
        if (kind === 'login' && options.user === undefined)
          return this.stopped(status, 'login', false, pagesSeen);
        status = await this.act(kind, options, capture);
      }
      tls.check();
      return capture.outcome(pagesSeen) ?? this.stopped(status, 'other', false, pagesSeen);
    } finally {
      capture.dispose();
      tls.dispose();
    }
  }

  /**
   * The first navigation: a failure to load the authorization server's own page (refused, timed
   * out, TLS) is a broken environment, never a finding about the API.
   */
  private async open(authorizationUrl: string, clientOrigin: string): Promise<number | null> {
    const target = new URL(authorizationUrl).origin;
    const failures: string[] = [];
    const onFailed = (request: Request): void => {
      const origin = new URL(request.url()).origin;
      const reason = request.failure()?.errorText ?? 'failed';
      // An aborted navigation is one the page replaced by another, not a failure to reach it.
      if (
        request.isNavigationRequest() &&
        origin === target &&
        origin !== clientOrigin &&
        !/ERR_ABORTED/.test(reason)
      )
        failures.push(reason);
    };
    this.page.on('requestfailed', onFailed);
    let status: number | null;
    try {
      status = await this.navigate(() => this.page.goto(authorizationUrl, { timeout: STEP_TIMEOUT_MS }));
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new BrokenEnvironmentError(`could not load ${whereOf(authorizationUrl)}: no answer in time`);
      throw error;
    } finally {
      this.page.off('requestfailed', onFailed);
    }
    if (failures[0] !== undefined)
      throw new BrokenEnvironmentError(
        `could not load ${whereOf(authorizationUrl)} in the browser: ${failures[0]}`,
      );
    return status;
  }

  /**
   * A 200 page that sends the browser on by meta refresh or script (some servers return to the
   * client that way): waits for that navigation before calling the flow stopped. True when the
   * client was reached.
   */
  private async movesOnByItself(capture: RedirectCapture): Promise<boolean> {
    const movers = await this.page
      .locator('meta[http-equiv="refresh" i], script')
      .count()
      .catch(() => 0);
    if (movers === 0) return false;
    const waited = new Promise<false>((resolve) => {
      setTimeout(() => {
        resolve(false);
      }, PAGE_REDIRECT_WAIT_MS);
    });
    return Promise.race([capture.reached.then(() => true), waited]);
  }

  private async recognise(): Promise<PageKind | 'other'> {
    const [login, consent] = await this.visibleAll([
      this.selectors.loginUsername,
      this.selectors.consentApprove,
    ]);
    if (login === true) return 'login';
    return consent === true ? 'consent' : 'other';
  }

  /**
   * Whether the first element of each CSS selector is visible, as Playwright's isVisible says it
   * (a non-empty box, not visibility:hidden), in one round trip to the browser instead of one per
   * selector: a tenth of a flow's time. A selector the page's querySelector cannot read (another
   * selector engine's syntax) is asked through Playwright's locators.
   */
  private async visibleAll(selectors: readonly string[]): Promise<boolean[]> {
    const answers = await this.page
      .evaluate<Array<boolean | null>>(`(${VISIBLE_IN_PAGE})(${JSON.stringify(selectors)})`)
      .catch(() => selectors.map(() => null));
    return Promise.all(
      answers.map(async (answer, index) => answer ?? (await this.visible(selectors[index] ?? ''))),
    );
  }

  private async act(
    kind: PageKind,
    options: AuthorizeOptions,
    capture: RedirectCapture,
  ): Promise<number | null> {
    if (kind === 'login' && options.user !== undefined) {
      registerSecret(options.user.password);
      await typeInto(this.page, this.selectors.loginUsername, options.user.login, STEP_TIMEOUT_MS);
      // Before the password is typed: the picture cannot hold it, and needs no mask.
      await this.snapshot(`login page: sign in as ${options.user.login}`);
      await typeSecretInto(this.page, this.selectors.loginPassword, options.user.password, STEP_TIMEOUT_MS);
      return this.submit(this.selectors.loginSubmit, capture);
    }
    const decision = options.decision ?? 'approve';
    await this.snapshot(`consent page: ${decision}`);
    const button = decision === 'approve' ? this.selectors.consentApprove : this.selectors.consentDeny;
    return this.submit(button, capture);
  }

  /**
   * A screenshot of the page about to be submitted, as a step of the report. The login page is
   * taken with the login typed in and the password field still empty: the login is shown, never
   * the password (a mask over the field cost a flow a tenth of its time).
   */
  private async snapshot(title: string): Promise<void> {
    if (!insideTest() || settings().CONFORMANCE_SCREENSHOTS === 'off') return;
    await test.step(
      title,
      async () => {
        const image = await this.page
          .screenshot({ timeout: STEP_TIMEOUT_MS, type: 'jpeg', quality: 70 })
          .catch(() => undefined);
        if (image !== undefined) await test.info().attach(title, { body: image, contentType: 'image/jpeg' });
      },
      { location: testLocation() },
    );
  }

  /**
   * Clicks and waits until either the client is reached or a new document has loaded. The waits
   * are the page's own events, not Playwright's waitFor calls: one of those always ended
   * unanswered, a failed step inside every passing browser flow of the report (and a highlighted
   * code snippet the runner made for each).
   */
  private async submit(selector: string, capture: RedirectCapture): Promise<number | null> {
    const next = new NextDocument(this.page, capture);
    try {
      await clickOn(this.page, selector, STEP_TIMEOUT_MS);
      const landed = await Promise.race([
        capture.reached.then(() => 'client' as const),
        next.loaded.then(() => 'page' as const),
      ]);
      return landed === 'client' ? null : next.status;
    } finally {
      next.dispose();
    }
  }

  private async navigate(go: () => Promise<{ status(): number } | null>): Promise<number | null> {
    try {
      const response = await go();
      return response?.status() ?? null;
    } catch (error) {
      // A navigation that ends at the client's origin fails (nothing listens there): expected.
      if (error instanceof Error && /net::ERR_/.test(error.message)) return null;
      throw error;
    }
  }

  private async visible(selector: string): Promise<boolean> {
    return this.page
      .locator(selector)
      .first()
      .isVisible()
      .catch(() => false);
  }

  private stopped(
    status: number | null,
    on: PageKind | 'other',
    loginRejected: boolean,
    pagesSeen: PageKind[],
  ): AuthorizationOutcome {
    return { kind: 'stopped', url: this.page.url(), status, on, loginRejected, pagesSeen };
  }
}

/**
 * Runs in the page, given the selectors: for each, null when querySelector cannot read it. Plain
 * JavaScript in a string: a TypeScript transform (tsx adds helpers to functions) cannot reach it.
 */
const VISIBLE_IN_PAGE = `(selectors) => selectors.map((selector) => {
  let element;
  try { element = document.querySelector(selector); } catch { return null; }
  if (element === null) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
})`;
