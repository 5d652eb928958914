/**
 * How an observation names two of the server's open choices, written once for the side that
 * observes them (helpers/profile/) and the side that journals what it served (the sandbox), so a
 * contract derived from the journal and tonight's profile speak of them in the same words: the
 * header that carries a delivery's token, and a page token's form. Never the token. Imports nothing.
 */

/** `x-notification-token`, `authorization (Bearer)`, or `(none)`: where the token rode, and how. */
export function tokenCarrier(headers: Readonly<Record<string, string>>, token: string): string {
  const carrier = Object.entries(headers).find(
    ([, value]) => value.trim() === token || /^bearer\s+(.+)$/i.exec(value.trim())?.[1] === token,
  );
  if (carrier === undefined) return '(none)';
  return `${carrier[0].toLowerCase()}${carrier[1].trim() === token ? '' : ' (Bearer)'}`;
}

/**
 * A page token's form: its alphabet and the order of its length, never the token (per run) nor its
 * exact length (which grows with the position it stands for).
 */
export function tokenForm(token: string): string {
  const alphabet = /^[0-9a-f]+$/i.test(token)
    ? 'hexadecimal'
    : /^[A-Za-z0-9_-]+$/.test(token)
      ? 'base64url'
      : /^[A-Za-z0-9+/]+=*$/.test(token)
        ? 'base64'
        : `other (${[...new Set(token.replace(/[A-Za-z0-9]/g, ''))].sort().join('')})`;
  const bound = [16, 64, 256, 1024].find((limit) => token.length <= limit);
  return `${alphabet}, ${bound === undefined ? 'over 1024' : `up to ${bound}`} characters`;
}
