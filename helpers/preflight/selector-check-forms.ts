import { CookieJar } from '../clients/cookie-jar.js';
import { browse } from '../clients/form-consent.js';
import { HttpClient } from '../clients/http.js';
import { registerSecret } from '../report/redact.js';
import type { TargetConfig } from '../target/target.js';

type Selectors = TargetConfig['selectors'];

/**
 * The selector check's quick path, without a browser: true when the login page and then the
 * consent page are plain HTML forms (no scripts) on which each of the five selectors matches,
 * read as the browser would read them. Anything else (a selector missing, a script, an error)
 * answers false, and the browser check runs as before: it alone words the problems.
 */
export async function selectorsMatchInForms(
  target: TargetConfig,
  probe: { url: string; clientOrigin: string; user: { login: string; password: string } | null },
): Promise<boolean> {
  if (probe.user === null) return false;
  const { selectors } = target;
  const http = new HttpClient({ caFile: target.caFile });
  const jar = new CookieJar();
  try {
    const login = await browse(http, jar, { method: 'GET', url: probe.url, body: '' }, probe.clientOrigin);
    if (!('page' in login) || !matchesAll(login.page, selectors, LOGIN_KEYS)) return false;
    registerSecret(probe.user.password);
    const submitted = login.page.submit(selectors.loginSubmit, [
      [selectors.loginUsername, probe.user.login],
      [selectors.loginPassword, probe.user.password],
    ]);
    const consent = await browse(http, jar, submitted, probe.clientOrigin);
    return 'page' in consent && matchesAll(consent.page, selectors, CONSENT_KEYS);
  } catch {
    return false;
  } finally {
    await http.close();
  }
}

/** The selectors of each page, as both checks (forms and browser) try them. */
export const LOGIN_KEYS: Array<keyof Selectors> = ['loginUsername', 'loginPassword', 'loginSubmit'];
export const CONSENT_KEYS: Array<keyof Selectors> = ['consentApprove', 'consentDeny'];

function matchesAll(
  page: { has(selector: string): boolean },
  selectors: Selectors,
  keys: Array<keyof Selectors>,
): boolean {
  return keys.every((key) => page.has(selectors[key]));
}
