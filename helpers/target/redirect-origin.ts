import { environment, type Environment } from '../../config/environment.js';
/**
 * The origin of the redirect URIs the suite registers (CONFORMANCE_REDIRECT_ORIGIN): by default a
 * loopback port where nothing listens, since the driver observes the navigation and no server is
 * needed. A target that requires https redirect URIs, or a given host, is told so here
 * (https://127.0.0.1:9, https://client.example.test). Scheme, host and port only.
 */
export const DEFAULT_REDIRECT_ORIGIN = 'http://127.0.0.1:9';

export function redirectOrigin(env: Environment = environment()): string {
  const raw = (env.CONFORMANCE_REDIRECT_ORIGIN ?? '').trim();
  if (raw === '') return DEFAULT_REDIRECT_ORIGIN;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `CONFORMANCE_REDIRECT_ORIGIN: expected an origin such as https://127.0.0.1:9, got "${raw}"`,
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== raw.replace(/\/$/, ''))
    throw new Error(
      `CONFORMANCE_REDIRECT_ORIGIN: expected an http or https origin (scheme, host, port), got "${raw}"`,
    );
  return url.origin;
}

/** The same URI on another port: a near miss of a registered redirect URI. */
export function withOtherPort(uri: string): string {
  const url = new URL(uri);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  url.port = String(port === 65535 ? port - 1 : port + 1);
  return url.toString();
}

/** The same URI with the other of http and https: a near miss of a registered redirect URI. */
export function withOtherScheme(uri: string): string {
  return uri.startsWith('https://')
    ? `http://${uri.slice('https://'.length)}`
    : uri.replace(/^http:/, 'https:');
}

/**
 * Where the first letter of a URI's path stands, or -1: after the scheme and authority, before any
 * query or fragment. A near miss that changes it needs nothing but the URI itself.
 */
function firstPathLetter(uri: string): number {
  const pathStart = /^[a-z][a-z0-9+.-]*:(\/\/[^/?#]*)?/i.exec(uri)?.[0].length ?? 0;
  const pathEnd = uri.slice(pathStart).search(/[?#]/);
  const path = uri.slice(pathStart, pathEnd === -1 ? undefined : pathStart + pathEnd);
  const letter = path.search(/[a-z]/i);
  return letter === -1 ? -1 : pathStart + letter;
}

/** The same URI with the first letter of its path in the other case; null when the path has no letter. */
export function withOtherPathCase(uri: string): string | null {
  const at = firstPathLetter(uri);
  if (at === -1) return null;
  const letter = uri.charAt(at);
  const other = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
  return `${uri.slice(0, at)}${other}${uri.slice(at + 1)}`;
}

/** The same URI with the first letter of its path percent-encoded; null when the path has no letter. */
export function withPercentEncodedPathLetter(uri: string): string | null {
  const at = firstPathLetter(uri);
  if (at === -1) return null;
  const encoded = `%${uri.charCodeAt(at).toString(16).toUpperCase()}`;
  return `${uri.slice(0, at)}${encoded}${uri.slice(at + 1)}`;
}
