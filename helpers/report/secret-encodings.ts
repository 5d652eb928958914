/**
 * The forms a secret can take in a report: raw, percent-encoded as a URL component or as a form
 * value (`%21`, `+` for a space), with upper- or lower-case hex, JSON-escaped, HTML-escaped, and
 * base64 or base64url at each of the three alignments it can start at inside a longer value (an
 * HTTP Basic header holds `client_id:client_secret`). Each form is a literal string to search for.
 */
export function encodedForms(secret: string): string[] {
  const percent = percentForms(secret);
  const forms = new Set<string>([
    secret,
    ...percent,
    jsonEscaped(secret),
    jsonEscaped(secret).replace(/\//g, '\\/'),
    htmlEscaped(secret),
    secret.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`),
    ...base64Cores(secret),
  ]);
  forms.delete('');
  return [...forms];
}

/** Characters RFC 3986 never requires to be encoded: they may appear raw in any encoder's output. */
const UNRESERVED = /[A-Za-z0-9_.~-]/;

/**
 * The percent-encodings a client or server may produce: encodeURIComponent's, the form encoder's
 * (URLSearchParams: `!'()~` encoded, space as `+`), every character encoded, each with either case
 * of hex digit and either spelling of a space.
 */
function percentForms(secret: string): string[] {
  const component = encodeURIComponent(secret);
  const form = new URLSearchParams([['', secret]]).toString().slice(1);
  const everything = [...new TextEncoder().encode(secret)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
  const reservedOnly = Array.from(secret)
    .map((character) => (UNRESERVED.test(character) ? character : encodeEvery(character)))
    .join('');
  const forms = [component, form, everything, reservedOnly, encodeURI(secret)];
  return forms.flatMap((one) => {
    const lower = one.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
    return [one, lower].flatMap((cased) => [cased, cased.replace(/%20/g, '+'), cased.replace(/\+/g, '%20')]);
  });
}

function encodeEvery(character: string): string {
  return [...new TextEncoder().encode(character)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

function jsonEscaped(secret: string): string {
  return JSON.stringify(secret).slice(1, -1);
}

function htmlEscaped(secret: string): string {
  return secret
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The part of the secret's base64 (and base64url) that does not depend on the bytes around it,
 * for each of the three offsets at which it can start: enough to recognise it inside any longer
 * encoded value, and what the secret scan of selftest/ searches for the same way.
 */
export function base64Cores(secret: string): string[] {
  const raw = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.concat([Buffer.alloc(shift), raw]).toString('base64');
    const firstWhole = Math.ceil((shift * 4) / 3);
    const lastWhole = Math.floor(((shift + raw.length) * 4) / 3);
    const core = encoded.slice(firstWhole, lastWhole);
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}
