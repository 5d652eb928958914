/**
 * Names that say "secret": a field, parameter or header whose name holds one of these words (case,
 * `_` and `-` ignored: accessToken, x-api-key, Client-Secret, refresh_token) is redacted whatever
 * its value, so a value the run never saw (a code issued mid-test, a token under a renamed field)
 * is hidden all the same.
 */
const SECRET_WORDS = ['token', 'secret', 'code', 'key', 'password', 'passwd', 'credential', 'authorization'];

/** Headers that carry a session or credentials without saying so in their name. */
const SECRET_HEADERS = new Set(['cookie', 'setcookie', 'proxyauthorization']);

/**
 * Names that hold one of the words but, by the specification, never a secret: the token type
 * ("Bearer") is what a test about it must be able to show.
 */
const PUBLIC_NAMES = new Set(['tokentype']);

function normalised(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

export function isSecretName(name: string): boolean {
  const plain = normalised(name);
  if (PUBLIC_NAMES.has(plain)) return false;
  return SECRET_HEADERS.has(plain) || SECRET_WORDS.some((word) => plain.includes(word));
}

/**
 * Parameters of an authorization response that hold no secret: every other one a redirect carries
 * (the code, or a code a faulty server put under another name) is registered as a secret.
 */
const PUBLIC_RESPONSE_PARAMETERS = new Set([
  'state',
  'error',
  'errordescription',
  'erroruri',
  'iss',
  'scope',
  'tokentype',
  'expiresin',
]);

export function isPublicResponseParameter(name: string): boolean {
  return PUBLIC_RESPONSE_PARAMETERS.has(normalised(name));
}
