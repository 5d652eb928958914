import type { NotificationSettings } from '../store/notifications.js';

/** Bounds on what a client may store (sandbox choices: the sandbox may share a host). */
export const MAX_URL = 2048;
export const MAX_TOKEN = 1024;

/** Whether the text can be an HTTP header value: no CR, LF, NUL or other control but tab, Latin-1 only. */
export function fitsAHeader(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

/** Whether the value is an absolute http(s) URL with a host, of bounded length. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL) return false;
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * 2.7: the settings a create or update stores once its checks passed: method POST and media_type
 * application/json (the only values supported), the url and the token as sent.
 */
export function settingsOf(fields: Readonly<Record<string, unknown>>): NotificationSettings {
  const { url, token } = fields;
  return {
    method: 'POST',
    url: typeof url === 'string' ? url : '',
    media_type: 'application/json',
    token: typeof token === 'string' ? token : '',
  };
}
