/**
 * Contract section 2: a sandbox without a key serves no test helper (404). A key anyone can guess
 * is no key: an empty or short one serves no helper either (and `npm run sandbox` refuses it).
 */
export const MIN_CONTROL_KEY_LENGTH = 16;

/** The key the helpers check, or null when there is none worth the name (no helper served). */
export function usableControlKey(key: string | null): string | null {
  return key !== null && key.length >= MIN_CONTROL_KEY_LENGTH ? key : null;
}

/** Why the standalone sandbox refuses SANDBOX_CONTROL_KEY, in one line, or null when it is usable. */
export function controlKeyRefusal(key: string | undefined): string | null {
  if (key === undefined || usableControlKey(key) !== null) return null;
  return `SANDBOX_CONTROL_KEY must be at least ${MIN_CONTROL_KEY_LENGTH} characters (it has ${key.length}); unset it to have a random key generated.`;
}
