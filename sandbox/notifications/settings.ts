import { httpUrl, type NotificationSettings } from '../store/notifications.js';

/** The longest token a client may store (a sandbox choice: the sandbox may share a host; the url's is MAX_URL). */
export const MAX_TOKEN = 1024;

/**
 * The body of a create or an update, read once when the request arrives: each field of 2.7 as
 * sent, and the url parsed once. The checks read this (none sets anything on it), the stored
 * settings are made from it, and nothing reads the body again.
 */
export interface SentSettings {
  /** 4.6: whether the body is a JSON object; when it is not, every field reads as absent. */
  readonly isObject: boolean;
  /** Every field sent, for a fault or a variant that reads one 2.7 does not define (id, type). */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly method: unknown;
  readonly mediaType: unknown;
  readonly token: unknown;
  /** The url as sent: what is stored and answered (2.7). */
  readonly url: unknown;
  /** The url parsed: an absolute http(s) URL with a host, at most MAX_URL long (store/notifications.ts); null otherwise. */
  readonly target: URL | null;
}

/** Reads a create's or an update's body once (create and update are the only bodies 4.6 reads). */
export function readSettings(body: unknown): SentSettings {
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  const fields: Readonly<Record<string, unknown>> = isObject ? (body as Record<string, unknown>) : {};
  return {
    isObject,
    fields,
    method: fields.method,
    mediaType: fields.media_type,
    token: fields.token,
    url: fields.url,
    target: httpUrl(fields.url),
  };
}

/** Whether the text can be an HTTP header value: no CR, LF, NUL or other control but tab, Latin-1 only. */
export function fitsAHeader(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

/**
 * 2.7: the settings a create or update stores once its checks passed: method POST and media_type
 * application/json (the only values supported), the url and the token as sent, the url as parsed.
 */
export function settingsOf(sent: SentSettings): NotificationSettings {
  return {
    method: 'POST',
    url: typeof sent.url === 'string' ? sent.url : '',
    target: sent.target,
    media_type: 'application/json',
    token: typeof sent.token === 'string' ? sent.token : '',
  };
}
