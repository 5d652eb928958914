/**
 * The origin of the redirect URIs the suite registers (CONFORMANCE_REDIRECT_ORIGIN): by default a
 * loopback port where nothing listens, since the driver observes the navigation and no server is
 * needed. A target that requires https redirect URIs, or a given host, is told so here
 * (https://127.0.0.1:9, https://client.example.test). Scheme, host and port only.
 */
export const DEFAULT_REDIRECT_ORIGIN = 'http://127.0.0.1:9';

export function redirectOrigin(env: NodeJS.ProcessEnv = process.env): string {
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
