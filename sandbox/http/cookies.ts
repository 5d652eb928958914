/** Reads one cookie from a Cookie header; the sandbox needs no more than that. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * `__Host-`: the browser accepts it only from this origin over HTTPS, with Path=/ and no Domain,
 * so another service on the same host name cannot plant or overwrite it (the authorization
 * server is always HTTPS, so the prefix always applies).
 */
export const SESSION_COOKIE = '__Host-sandbox_session';

export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}
