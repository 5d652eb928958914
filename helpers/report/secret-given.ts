import { environment, SECRET_NAMES, type Environment } from '../../config/environment.js';
/**
 * Secrets the run is given rather than issued: the configured client secrets, user passwords and
 * control key, and the credentials of any URL's userinfo (`https://user:pw@host` in TARGET_*_URL,
 * SANDBOX_CONTROL_URL or WEBHOOK_PUBLIC_URL). SANDBOX_SECRET_PREFIX is no secret: it is the
 * marker the secret scan looks for, and hiding it would hide the leaks.
 */
const SECRET_VARIABLES: readonly string[] = SECRET_NAMES;

/** The variables that can hold a given secret, with their values: the secrets and every URL. */
export function secretBearingVariables(env: Environment = environment()): Array<[string, string]> {
  return Object.entries(env)
    .filter(([name]) => SECRET_VARIABLES.includes(name) || name.endsWith('_URL'))
    .map(([name, value]): [string, string] => [name, value ?? '']);
}

export function givenSecrets(env: Environment = environment()): string[] {
  return secretBearingVariables(env)
    .flatMap(([name, value]) => (name.endsWith('_URL') ? userinfoOf(value) : [value.trim()]))
    .filter((value) => value !== '');
}

/** The user and password of a URL, raw and decoded; none when it has no userinfo. */
export function userinfoOf(url: string): string[] {
  try {
    const parsed = new URL(url.trim());
    return [parsed.username, parsed.password].flatMap((part) =>
      part === '' ? [] : [part, safeDecode(part)],
    );
  } catch {
    return [];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
