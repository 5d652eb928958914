// Credentials a URL can carry whatever the sandbox knows of them (docs/sandbox-chaos.md, "No
// secret"): the userinfo of any URL (`https://user:password@host`), and every query or fragment
// value of a configured webhook's URL (`?key=...`: the sandbox cannot tell a key from a tenant's
// number). Every output shows them masked (the journal, its answers, the delivery log); the
// delivery itself goes to the URL as configured. A mask is a fingerprint, so two configurations
// with different keys still read as different URLs, and one key as one.

/** What stands for a secret value: the journal's fingerprint of it. */
export type Mask = (value: string) => string;

/**
 * `scheme://userinfo@`: the userinfo runs to the last `@` before the host's end (as WHATWG URL
 * parsing reads `https://user:p@ss@host`).
 */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#"'<>\\]+)@/gi;
/** A query's or fragment's `name=value`, after the `?`, `&`, `;` or `#` that opens it. */
const PAIR = /([?&;#])([^=&;#]*)=([^&;#]*)/g;

/** Already a fingerprint (a credential the sandbox knew): left as it is. */
const isMasked = (value: string): boolean => value.startsWith('fp:');

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The text with the userinfo of every URL in it masked. */
export function maskedUserinfo(text: string, mask: Mask): string {
  return text.replace(USERINFO, (whole, scheme: string, userinfo: string) =>
    isMasked(userinfo) ? whole : `${scheme}${mask(decoded(userinfo))}@`,
  );
}

/** A webhook's URL with its userinfo and every query and fragment value masked; the rest as written. */
export function maskedWebhookUrl(url: string, mask: Mask): string {
  const text = maskedUserinfo(url, mask);
  const afterHost = text.search(/[?#]/);
  if (afterHost < 0) return text;
  const tail = text
    .slice(afterHost)
    .replace(PAIR, (whole, opening: string, name: string, value: string) =>
      value === '' || isMasked(decoded(value)) ? whole : `${opening}${name}=${mask(decoded(value))}`,
    );
  return `${text.slice(0, afterHost)}${tail}`;
}

/** A text that may quote the webhook's URL (a delivery's error): each quote masked, and any userinfo. */
export function maskedMentions(text: string, url: string, mask: Mask): string {
  const quoted = url === '' ? text : text.split(url).join(maskedWebhookUrl(url, mask));
  return maskedUserinfo(quoted, mask);
}
