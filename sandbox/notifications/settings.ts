import { NotificationError } from '../../helpers/errors.js';
import type { NotificationSettings } from '../store/notifications.js';

const MAX_URL = 2048;
const MAX_TOKEN = 1024;

/** 2.7: method POST, media_type application/json, an absolute http(s) url, a non-empty token. */
export function parseSettings(body: unknown): NotificationSettings {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalid('The body must be a JSON object {method, url, media_type, token}.');
  const { method, url, media_type: mediaType, token } = body as Record<string, unknown>;
  if (method !== 'POST') throw invalid('method must be "POST".');
  if (mediaType !== 'application/json') throw invalid('media_type must be "application/json".');
  if (typeof url !== 'string' || url.length > MAX_URL || !isHttpUrl(url))
    throw invalid('url must be an absolute http(s) URL.');
  if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN)
    throw invalid(`token must be a non-empty string of at most ${MAX_TOKEN} characters.`);
  return { method, url, media_type: mediaType, token };
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
