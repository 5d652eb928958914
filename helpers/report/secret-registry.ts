import { encodedForms } from './secret-encodings.js';

/**
 * Every value the run issued or was given that must never be printed, each kept with all its
 * encoded forms (helpers/report/secret-encodings.ts), and a search that replaces any of them in a text.
 */

/** Values shorter than this are never registered: replacing them would shred ordinary text. */
export const MIN_SECRET_LENGTH = 6;

/** Forms are looked up by their first characters: every form is at least this long. */
const KEY_LENGTH = 4;

const registered = new Set<string>();
/** Encoded forms by their first KEY_LENGTH characters, longest first within each key. */
const formsByKey = new Map<string, string[]>();

export function addSecret(value: string): void {
  if (value.length < MIN_SECRET_LENGTH || registered.has(value)) return;
  registered.add(value);
  for (const form of encodedForms(value)) {
    if (form.length < KEY_LENGTH) continue;
    const key = form.slice(0, KEY_LENGTH);
    const forms = formsByKey.get(key) ?? [];
    if (!forms.includes(form)) forms.push(form);
    forms.sort((a, b) => b.length - a.length);
    formsByKey.set(key, forms);
  }
}

/**
 * The text with every encoded form of every secret replaced, scanning left to right and taking
 * the longest form at each position: one pass, whatever the number of secrets.
 */
export function replaceSecrets(text: string, replacement: string): string {
  if (formsByKey.size === 0 || text.length < KEY_LENGTH) return text;
  let result = '';
  let copiedUpTo = 0;
  for (let at = 0; at <= text.length - KEY_LENGTH;) {
    const forms = formsByKey.get(text.slice(at, at + KEY_LENGTH));
    const found = forms?.find((form) => text.startsWith(form, at));
    if (found === undefined) {
      at += 1;
      continue;
    }
    result += text.slice(copiedUpTo, at) + replacement;
    at += found.length;
    copiedUpTo = at;
  }
  return result + text.slice(copiedUpTo);
}

/** How many values are registered (for tests of the registration itself). */
export function isRegistered(value: string): boolean {
  return registered.has(value);
}
