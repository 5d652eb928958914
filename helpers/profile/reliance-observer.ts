import {
  BASIC_USER_INFO_PATH,
  CATALOG_PREFIX,
  NOTIFICATION_PATH,
  PUBLISHED_PATH,
  TOKEN_PATH,
} from '../../spec/paths.js';
import { headerValue, isSuccess, type HttpExchange } from '../record/exchange.js';
import { observe } from './observe.js';

/**
 * What a client's reliance contract may hold that the profile's other observers do not record
 * (report-card/reliance/check.ts reads them): how each endpoint took the credentials it answered
 * (`credentials` area: `listing GET with Authorization Bearer`), the fetch_size values the listing
 * took or refused, and each page token's length. Named as the contract names them (derive.ts).
 */

/** The endpoint and method as a contract names them (`listing GET`, `notification PUT (by id)`). */
function operationOf(path: string, method: string): string | undefined {
  if (path === TOKEN_PATH) return `token ${method}`;
  if (path === PUBLISHED_PATH) return `listing ${method}`;
  if (path === BASIC_USER_INFO_PATH) return `basic_user_info ${method}`;
  if (path === NOTIFICATION_PATH || path === `${NOTIFICATION_PATH}/`) return `notification ${method}`;
  if (path.startsWith(`${NOTIFICATION_PATH}/`)) return `notification ${method} (by id)`;
  if (path.startsWith(`${CATALOG_PREFIX}/`) && /_info(\/|$)/.test(path)) return `catalog ${method}`;
  return undefined;
}

/** The body's fields, JSON or a form, without their values. */
function bodyNames(body: string | undefined): Set<string> {
  if (body === undefined || body.trim() === '') return new Set();
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed !== null && typeof parsed === 'object' ? new Set(Object.keys(parsed)) : new Set();
  } catch {
    return new Set(new URLSearchParams(body).keys());
  }
}

/** The ways a request carried credentials, as derive.ts writes them (sorted, comma-joined). */
export function credentialWays(exchange: HttpExchange): string {
  const authorization = headerValue(exchange.request.headers, 'authorization') ?? '';
  const names = bodyNames(exchange.request.body);
  const ways = [
    ...(/^bearer\s/i.test(authorization) ? ['Authorization Bearer'] : []),
    ...(names.has('access_token') ? ['access_token in the body'] : []),
    ...(/^basic\s/i.test(authorization) ? ['HTTP Basic'] : []),
    ...(names.has('client_secret') ? ['client secret in the body'] : []),
  ];
  return ways.length === 0 ? 'none' : ways.sort().join(', ');
}

/** A fetch_size as the profile keeps it: a number when it is one. */
const sizeOf = (value: string): string | number =>
  /^\d{1,9}$/.test(value) ? Number(value) : value.slice(0, 64);

export function observeReliance(exchange: HttpExchange, path: string, body: unknown): void {
  const { method } = exchange.request;
  const operation = operationOf(path, method);
  if (operation !== undefined && isSuccess(exchange.response.status))
    observe('credentials', `${operation} with ${credentialWays(exchange)}`, 'accepted');
  if (path !== PUBLISHED_PATH || method !== 'GET') return;
  const query = new URL(exchange.request.url).searchParams;
  const fetchSize = query.get('fetch_size');
  // A refusal is the fetch_size's only when nothing else was asked (a page token, a status).
  const alone = !query.has('page_token') && !query.has('ads_status');
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (fetchSize !== null && isSuccess(exchange.response.status))
    observe('listing', 'fetch_size accepted', sizeOf(fetchSize));
  if (fetchSize !== null && alone && fields.reason === 'BAD_REQUEST')
    observe('listing', 'fetch_size refused', sizeOf(fetchSize));
  if (typeof fields.next_token === 'string')
    observe('listing', 'page token length', fields.next_token.length);
}
