import { NotificationError } from '../../helpers/errors.js';
import type { FaultSet } from '../faults.js';
import type { NotificationSettings } from '../store/notifications.js';

const MAX_URL = 2048;
const MAX_TOKEN = 1024;

/** 2.7: method POST, media_type application/json, an absolute http(s) url, a non-empty token. */
export function parseSettings(body: unknown, faults: FaultSet): NotificationSettings {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalid('The body must be a JSON object {method, url, media_type, token}.');
  const { method, url, media_type: mediaType, token } = body as Record<string, unknown>;
  if (method !== 'POST' && !(faults.has('notify-accepts-get-method') && method === 'GET'))
    throw invalid('method must be "POST".');
  if (mediaType !== 'application/json' && !(faults.has('notify-accepts-xml') && mediaType === 'text/xml'))
    throw invalid('media_type must be "application/json".');
  const urlHolds = typeof url === 'string' && url.length <= MAX_URL && isHttpUrl(url);
  if (!urlHolds && !faults.has('notify-accepts-any-url'))
    throw invalid('url must be an absolute http(s) URL.');
  const tokenHolds = typeof token === 'string' && token !== '' && token.length <= MAX_TOKEN;
  if (!tokenHolds && !faults.has('notify-token-optional'))
    throw invalid(`token must be a non-empty string of at most ${MAX_TOKEN} characters.`);
  return {
    method: 'POST',
    url: typeof url === 'string' ? url : '',
    media_type: 'application/json',
    token: typeof token === 'string' ? token : '',
  };
}

function invalid(message: string): NotificationError {
  return new NotificationError('BAD_REQUEST', message);
}

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
