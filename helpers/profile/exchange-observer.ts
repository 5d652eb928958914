import {
  BASIC_USER_INFO_PATH,
  CATALOG_PREFIX,
  NOTIFICATION_PATH,
  PUBLISHED_PATH,
  TEST_HELPERS_PREFIX,
  TOKEN_PATH,
} from '../../spec/paths.js';
import { headerValue, isSuccess, type HttpExchange } from '../record/exchange.js';
import { bodyForm, extraFields, rateLimitNumbers, tokenForm } from './forms.js';
import { observe } from './observe.js';
import { observeReliance } from './reliance-observer.js';
import { settings } from '../../config/environment.js';

/**
 * What each exchange shows of the target's open choices, recorded where the exchange is
 * made (helpers/clients/http.ts): the status and body form of every error by its reason, the
 * success statuses, the token response's and ad items' extra fields, page tokens' form, the
 * default page size, RATE_LIMIT's numbers, the login and consent pages' security headers.
 */
export function observeExchange(exchange: HttpExchange): void {
  let path: string;
  try {
    path = new URL(exchange.request.url).pathname;
  } catch {
    return;
  }
  if (path.startsWith(TEST_HELPERS_PREFIX)) return;
  const body = parsed(exchange.response.body);
  observeReliance(exchange, path, body);
  if (path === TOKEN_PATH) observeToken(exchange, body);
  else if (path === PUBLISHED_PATH) observeListing(exchange, body);
  else if (path === BASIC_USER_INFO_PATH) observeAnswer('basic info', exchange, body, 'POST');
  else if (path.startsWith(NOTIFICATION_PATH)) observeNotification(exchange, body, path);
  else if (path.startsWith(`${CATALOG_PREFIX}/`)) observeAnswer('catalogs', exchange, body, 'POST');
  else observePage(exchange);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** `HTTP <status> <body form>`: how the target answers, without any per-run value. */
function answerForm(exchange: HttpExchange): string {
  const { status, headers, body } = exchange.response;
  return `HTTP ${status} ${bodyForm(body, headerValue(headers, 'content-type'))}`;
}

/** The method, when not the endpoint's own (a test of another method): part of the key. */
function methodPrefix(exchange: HttpExchange, usual: string): string {
  return exchange.request.method === usual ? '' : `${exchange.request.method} `;
}

/** Errors keyed by their reason (or OAuth error), successes by their status alone. */
function observeAnswer(area: string, exchange: HttpExchange, body: unknown, usual: string): void {
  const prefix = methodPrefix(exchange, usual);
  if (isSuccess(exchange.response.status)) {
    observe(area, `${prefix}success`, `HTTP ${exchange.response.status}`);
    return;
  }
  const reason = field(body, 'reason') ?? field(body, 'error');
  const named = typeof reason === 'string' ? reason : `HTTP ${exchange.response.status}`;
  observe(area, `${prefix}error ${named}`, answerForm(exchange));
}

function observeToken(exchange: HttpExchange, body: unknown): void {
  observeAnswer('token', exchange, body, 'POST');
  if (exchange.request.method === 'POST' && isSuccess(exchange.response.status))
    observe(
      'token',
      'response fields beyond access_token and token_type',
      extraFields(body, ['access_token', 'token_type']),
    );
}

function observeListing(exchange: HttpExchange, body: unknown): void {
  observeAnswer('listing', exchange, body, 'GET');
  if (field(body, 'reason') === 'RATE_LIMIT')
    observe('listing', 'RATE_LIMIT numbers', rateLimitNumbers(field(body, 'message')));
  const data = field(body, 'data');
  if (exchange.request.method !== 'GET' || !isSuccess(exchange.response.status) || !Array.isArray(data))
    return;
  const items: unknown[] = data;
  const extras = [...new Set(items.flatMap((item) => extraFields(item, ['id', 'list_id', 'status'])))].sort();
  observe('listing', 'ad fields beyond id, list_id and status', extras);
  const next = field(body, 'next_token');
  if (typeof next === 'string') observe('listing', 'page token form', tokenForm(next));
  const query = new URL(exchange.request.url).searchParams;
  if (next !== null && next !== undefined && !query.has('fetch_size') && !query.has('page_token'))
    observe('listing', 'default page size', items.length);
  // With test helpers the suite seeds the ads itself: only an account's own ads say what the target uses.
  if (settings().SANDBOX_CONTROL_KEY === undefined)
    for (const status of new Set(items.map((item) => field(item, 'status'))))
      if (typeof status === 'string') observe('listing', 'status values among the ads', status);
}

const OPERATIONS: Record<string, string> = { POST: 'create', GET: 'read', PUT: 'update', DELETE: 'delete' };

function observeNotification(exchange: HttpExchange, body: unknown, path: string): void {
  const operation = OPERATIONS[exchange.request.method] ?? exchange.request.method;
  const target = path === NOTIFICATION_PATH ? '' : ' (by id)';
  if (isSuccess(exchange.response.status)) {
    observe('notifications', `${operation}${target} success`, answerForm(exchange));
    return;
  }
  const reason = field(body, 'reason') ?? field(body, 'error');
  const named = typeof reason === 'string' ? reason : `HTTP ${exchange.response.status}`;
  observe('notifications', `${operation}${target} error ${named}`, answerForm(exchange));
}

/** Response headers that protect a page holding a password or a decision. */
const SECURITY_HEADERS = [
  'cache-control',
  'content-security-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

/** The login page (it asks for a password) and the consent page (any other form of the flow). */
function observePage(exchange: HttpExchange): void {
  const { status, headers, body } = exchange.response;
  const html = (headerValue(headers, 'content-type') ?? '').includes('html');
  if (!isSuccess(status) || !html || !/<form\b/i.test(body)) return;
  const page = /type=["']?password/i.test(body) ? 'login page' : 'consent page';
  for (const name of SECURITY_HEADERS) {
    const value = headerValue(headers, name);
    // A CSP nonce is new on every page.
    observe(
      page,
      `header ${name}`,
      value === undefined ? '(absent)' : value.replace(/'nonce-[^']*'/g, "'nonce-*'"),
    );
  }
}
