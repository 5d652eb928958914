import { NotificationError } from '../../spec/errors.js';
import type { FaultSet } from '../faults.js';
import type { NotificationSettings } from '../store/notifications.js';
import type { DeliveryPolicy } from './delivery-policy.js';

const MAX_URL = 2048;
const MAX_TOKEN = 1024;

/** Whether the text can be an HTTP header value: no CR, LF, NUL or other control but tab, Latin-1 only. */
function fitsAHeader(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

/**
 * 2.7: method POST, media_type application/json, an absolute http(s) url, a non-empty token. The
 * token travels in a header, so it must be a valid header value; the url must not name, as a
 * literal address, a destination the delivery policy refuses.
 */
export function parseSettings(body: unknown, faults: FaultSet, policy: DeliveryPolicy): NotificationSettings {
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
  const refusal = urlHolds ? policy.refuseUrl(new URL(url)) : null;
  if (refusal !== null) throw invalid(`url is refused by the sandbox's delivery policy: ${refusal}.`);
  const tokenHolds = typeof token === 'string' && token !== '' && token.length <= MAX_TOKEN;
  if (!tokenHolds && !faults.has('notify-token-optional'))
    throw invalid(`token must be a non-empty string of at most ${MAX_TOKEN} characters.`);
  if (typeof token === 'string' && !fitsAHeader(token))
    throw invalid(
      'token must be a valid HTTP header value: no CR, LF or other control character, only Latin-1.',
    );
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
