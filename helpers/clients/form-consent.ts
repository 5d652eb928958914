import type { TargetConfig } from '../target/target.js';
import { registerSecret } from '../report/redact.js';
import { inOneStep } from '../report/report.js';
import { registerRedirectSecrets } from '../report/secret-harvest.js';
import {
  flowTitle,
  type AuthorizationOutcome,
  type AuthorizeOptions,
  type PageKind,
} from './authorization-flow.js';
import { CookieJar } from './cookie-jar.js';
import { headerValue, type HttpResponseRecord } from '../record/exchange.js';
import { HtmlPage, NeedsBrowser, type FormSubmission } from './html-form.js';
import type { HttpClient } from './http.js';

/**
 * The authorization flow of sections 4.1 and 5 without a browser, for set-up: where the target's
 * login and consent pages are plain HTML forms, they are read with the contract's selectors and
 * submitted as a browser submits them, redirects followed, until the redirect to the client. A
 * browser costs about half a second of CPU per flow; this costs a few requests. Anything a form
 * cannot show (scripts, a page that is neither login nor consent, an answer other than a page or
 * a redirect) throws NeedsBrowser, and the caller runs the browser flow instead, which stays the
 * authority on what the target does: the tests of 4.1, 5 and 7.1 always use it.
 */

const MAX_HOPS = 12;
const MAX_PAGES = 6;

/** A page the forms cannot handle for this target, whoever signs in: not worth trying again. */
export class PagesNeedBrowser extends NeedsBrowser {}

export class FormConsent {
  /** One cookie jar per user, as the browser keeps one context per user. */
  private readonly jars = new Map<string, CookieJar>();
  /** Why this target's pages need the browser, once a page has shown it; null while forms do. */
  browserOnly: string | null = null;

  /** `inSteps` false: a flow outside any test (a worker's own), which opens no step of a test's. */
  constructor(
    private readonly http: HttpClient,
    private readonly selectors: TargetConfig['selectors'],
    private readonly inSteps = true,
  ) {}

  async authorize(authorizationUrl: string, options: AuthorizeOptions): Promise<AuthorizationOutcome> {
    if (!this.inSteps) return this.run(authorizationUrl, options);
    return inOneStep(flowTitle('form flow: authorization', options), () =>
      this.run(authorizationUrl, options),
    );
  }

  private async run(authorizationUrl: string, options: AuthorizeOptions): Promise<AuthorizationOutcome> {
    const jar = this.jarFor(options.user?.login ?? '');
    const pagesSeen: PageKind[] = [];
    let next: FormSubmission = { method: 'GET', url: authorizationUrl, body: '' };
    // Each round is one page of the flow: login, consent, or a login shown again.
    for (let round = 0; round < MAX_PAGES; round += 1) {
      const landed = await browse(this.http, jar, next, options.clientOrigin);
      if ('reached' in landed) return redirected(landed.reached, pagesSeen);
      next = this.act(landed.page, options, pagesSeen);
    }
    throw new NeedsBrowser(`no redirect to the client after ${MAX_PAGES} pages`);
  }

  /** Recognises the page as the browser flow does, and submits its form. */
  private act(page: HtmlPage, options: AuthorizeOptions, pagesSeen: PageKind[]): FormSubmission {
    const { selectors } = this;
    const kind = page.has(selectors.loginUsername)
      ? 'login'
      : page.has(selectors.consentApprove)
        ? 'consent'
        : null;
    if (kind === null) throw new PagesNeedBrowser('a page that is neither the login nor the consent page');
    if (kind === 'login' && (options.user === undefined || pagesSeen.at(-1) === 'login'))
      throw new NeedsBrowser('the login page, again or with nobody to sign in');
    pagesSeen.push(kind);
    if (kind === 'login' && options.user !== undefined) {
      registerSecret(options.user.password);
      return page.submit(selectors.loginSubmit, [
        [selectors.loginUsername, options.user.login],
        [selectors.loginPassword, options.user.password],
      ]);
    }
    return page.submit(options.decision === 'deny' ? selectors.consentDeny : selectors.consentApprove);
  }

  private jarFor(login: string): CookieJar {
    const known = this.jars.get(login);
    if (known !== undefined) return known;
    const jar = new CookieJar();
    this.jars.set(login, jar);
    return jar;
  }
}

/**
 * Sends `request` as a browser would and follows redirects, until the client's origin (not
 * requested: nothing listens there) or a page, read as HTML forms.
 */
export async function browse(
  http: HttpClient,
  jar: CookieJar,
  request: FormSubmission,
  clientOrigin: string,
): Promise<{ reached: URL } | { page: HtmlPage }> {
  let next = request;
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const reached = new URL(next.url);
    if (reached.origin === clientOrigin) return { reached };
    const answer = await send(http, jar, next);
    const location = headerValue(answer.headers, 'location');
    if (answer.status < 300 || answer.status >= 400 || location === undefined)
      return { page: readPage(answer, next.url) };
    next = followRedirect(answer.status, next, new URL(location, next.url));
  }
  throw new NeedsBrowser(`more than ${MAX_HOPS} redirects`);
}

async function send(http: HttpClient, jar: CookieJar, request: FormSubmission): Promise<HttpResponseRecord> {
  const cookie = jar.header(request.url);
  const exchange = await http.send({
    method: request.method,
    url: request.url,
    headers: {
      accept: 'text/html',
      ...(cookie === '' ? {} : { cookie }),
      ...(request.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(request.method === 'POST' ? { body: request.body } : {}),
    // Set-up: the report shows the flow as one step, as it shows the browser's.
    quiet: true,
    page: true,
  });
  jar.store(request.url, exchange.response.headers['set-cookie']);
  return exchange.response;
}

function readPage(answer: HttpResponseRecord, url: string): HtmlPage {
  if (answer.status !== 200) throw new NeedsBrowser(`a page answered ${answer.status}`);
  if (!/html/i.test(headerValue(answer.headers, 'content-type') ?? ''))
    throw new NeedsBrowser('an answer that is not an HTML page');
  const page = new HtmlPage(answer.body, url);
  if (page.scripted()) throw new PagesNeedBrowser('a page with scripts');
  return page;
}

/** Where a browser goes after a redirect: 307 and 308 repeat the request, the others GET. */
function followRedirect(status: number, request: FormSubmission, to: URL): FormSubmission {
  const fragment = to.hash;
  if (fragment !== '') registerRedirectSecrets(to.toString());
  if (status === 307 || status === 308) return { ...request, url: to.toString() };
  return { method: 'GET', url: to.toString(), body: '' };
}

function redirected(url: URL, pagesSeen: PageKind[]): AuthorizationOutcome {
  registerRedirectSecrets(url.toString());
  const fragment = url.hash.slice(1);
  const withoutFragment = new URL(url);
  withoutFragment.hash = '';
  const params = withoutFragment.searchParams;
  return {
    kind: 'redirected',
    url: withoutFragment,
    params,
    fragment,
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
    pagesSeen,
  };
}
