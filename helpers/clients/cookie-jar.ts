/**
 * The cookies one browser profile would keep for the authorization server: enough of RFC 6265 for
 * a login session (host-only cookies, Path, Secure, Max-Age and Expires deleting a cookie). The
 * values are sessions: they are never printed.
 */

interface Cookie {
  name: string;
  value: string;
  host: string;
  path: string;
  secure: boolean;
}

export class CookieJar {
  private readonly cookies = new Map<string, Cookie>();

  /** Keeps what a response's Set-Cookie headers say, for the URL that answered. */
  store(url: string, setCookie: string | string[] | undefined): void {
    const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    const answered = new URL(url);
    for (const header of headers) this.storeOne(answered, header);
  }

  /** The Cookie header a browser sends to `url`; '' when none applies. */
  header(url: string): string {
    const to = new URL(url);
    return [...this.cookies.values()]
      .filter((cookie) => cookie.host === to.host && pathMatches(to.pathname, cookie.path))
      .filter((cookie) => !cookie.secure || to.protocol === 'https:')
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private storeOne(answered: URL, header: string): void {
    const [pair = '', ...attributes] = header.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const name = pair.slice(0, equals).trim();
    const cookie: Cookie = {
      name,
      value: pair.slice(equals + 1).trim(),
      host: answered.host,
      path: defaultPath(answered.pathname),
      secure: false,
    };
    let expired = false;
    for (const attribute of attributes) {
      const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
      const lower = key.toLowerCase();
      if (lower === 'path' && value.startsWith('/')) cookie.path = value;
      else if (lower === 'secure') cookie.secure = true;
      else if (lower === 'max-age') expired = Number(value) <= 0;
      else if (lower === 'expires') expired = Date.parse(value) <= Date.now();
    }
    const key = `${cookie.host} ${cookie.path} ${name}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, cookie);
  }
}

function defaultPath(pathname: string): string {
  const lastSlash = pathname.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : pathname.slice(0, lastSlash);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
