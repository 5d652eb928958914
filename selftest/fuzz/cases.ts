import fc from 'fast-check';
import {
  oddAuthorization,
  oddContentType,
  oddFormBody,
  oddHeaders,
  oddJsonBody,
  oddMethod,
  oddQuery,
  oddSegment,
  type HeaderPiece,
  type Piece,
} from './inputs.js';

/** Which error format an answer must be in: one per endpoint family of the API and the contract. */
export type FormatName =
  | 'authorize'
  | 'auth-page'
  | 'token'
  | 'basic-user-info'
  | 'listing'
  | 'catalog'
  | 'notification'
  | 'test-helper'
  | 'apps-other';

/** A malformed request, printable without secrets (placeholders stand for them). */
export interface FuzzCase {
  endpoint: string;
  server: 'auth' | 'apps';
  format: FormatName;
  method: string;
  target: Piece[];
  headers: HeaderPiece[];
  body: Piece[];
  [fc.toStringMethod](): string;
}

interface EndpointSpec {
  endpoint: string;
  server: 'auth' | 'apps';
  format: FormatName;
  methods: readonly string[];
  path: fc.Arbitrary<Piece[]>;
  queryNames: readonly string[];
  /** Parameters that come first, so that the checks behind them are reached (a known client). */
  baseQuery?: fc.Arbitrary<string>;
  headers: fc.Arbitrary<HeaderPiece[]>;
  body: fc.Arbitrary<Piece[]>;
}

/** Limits the sandbox sets (README, "The sandbox's choices"): the fuzz sends a little more. */
export const AUTH_BODY_LIMIT = 16 * 1024;
export const APPS_BODY_LIMIT = 1024 * 1024;

const fixed = (path: string): fc.Arbitrary<Piece[]> => fc.constant([path]);
const withSegments = (base: string, count: number): fc.Arbitrary<Piece[]> =>
  fc
    .array(oddSegment, { minLength: 1, maxLength: count })
    .map((segments) => [base, ...segments.flatMap((segment) => ['/', segment])]);

const ACCESS_TOKEN_BODY = { access_token: '{{owner_token}}' };
const NOTIFICATION_BODY = {
  method: 'POST',
  url: 'http://127.0.0.1:9/hook',
  media_type: 'application/json',
  token: 'fuzz-hook-token',
};
const CATALOG_BASES = [
  '/autoupload/car_info',
  '/autoupload/moto_info',
  '/autoupload/cellphone_info',
  '/autoupload/moto_cubiccms_info',
];
const json = (fields: Record<string, string>): fc.Arbitrary<Piece[]> => oddJsonBody(fields, APPS_BODY_LIMIT);
const jsonHeaders = (token: string | null): fc.Arbitrary<HeaderPiece[]> =>
  fc
    .tuple(oddContentType, oddAuthorization(token), oddHeaders)
    .map(([type, auth, extra]) => [
      ...(type === null ? [] : [['content-type', type] as const]),
      ...auth,
      ...extra,
    ]);
const helperHeaders = fc
  .tuple(
    oddContentType,
    fc.constantFrom<HeaderPiece[]>([['x-sandbox-key', '{{control_key}}']], [], [['x-sandbox-key', 'wrong']]),
    oddHeaders,
  )
  .map(([type, key, extra]) => [
    ...(type === null ? [] : [['content-type', type] as const]),
    ...key,
    ...extra,
  ]);

/** Every endpoint of both servers and of the test helpers, with what its own input looks like. */
const ENDPOINTS: readonly EndpointSpec[] = [
  {
    endpoint: 'GET /oauth',
    server: 'auth',
    format: 'authorize',
    methods: ['GET'],
    path: fixed('/oauth'),
    queryNames: ['response_type', 'client_id', 'redirect_uri', 'scope', 'state'],
    baseQuery: fc.constantFrom(
      '',
      'client_id={{owner_client}}',
      'client_id={{owner_client}}&redirect_uri={{owner_redirect_q}}',
      'response_type=code&client_id={{owner_client}}&redirect_uri={{owner_redirect_q}}&scope=autoupload',
    ),
    headers: oddHeaders,
    body: fc.constant([]),
  },
  {
    endpoint: 'POST /oauth/login and /oauth/consent',
    server: 'auth',
    format: 'auth-page',
    methods: ['POST'],
    path: fc.constantFrom(['/oauth/login'], ['/oauth/consent']),
    queryNames: ['request'],
    headers: fc
      .tuple(oddContentType, oddHeaders)
      .map(([type, extra]) => [...(type === null ? [] : [['content-type', type] as const]), ...extra]),
    body: oddFormBody(
      { request: 'x', csrf: 'y', login: '{{owner_login}}', password: 'wrong' },
      AUTH_BODY_LIMIT,
    ),
  },
  {
    endpoint: 'POST /oauth/token',
    server: 'auth',
    format: 'token',
    methods: ['POST'],
    path: fixed('/oauth/token'),
    queryNames: ['code', 'client_secret', 'grant_type'],
    headers: fc
      .tuple(oddContentType, oddHeaders)
      .map(([type, extra]) => [...(type === null ? [] : [['content-type', type] as const]), ...extra]),
    body: oddFormBody(
      {
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: 'http://127.0.0.1:9/fuzzer/callback',
        client_id: '{{fuzzer_client}}',
        client_secret: '{{fuzzer_secret}}',
      },
      AUTH_BODY_LIMIT,
    ),
  },
  {
    endpoint: 'other paths of the authorization server',
    server: 'auth',
    format: 'auth-page',
    methods: ['GET', 'POST'],
    path: fc.oneof(withSegments('/oauth', 3), withSegments('', 2)),
    queryNames: ['x'],
    headers: oddHeaders,
    body: oddFormBody({ a: 'b' }, AUTH_BODY_LIMIT),
  },
  {
    endpoint: 'POST /oauth_api/basic_user_info',
    server: 'apps',
    format: 'basic-user-info',
    methods: ['POST'],
    path: fixed('/oauth_api/basic_user_info'),
    queryNames: ['access_token'],
    headers: jsonHeaders(null),
    body: json(ACCESS_TOKEN_BODY),
  },
  {
    endpoint: 'GET /autoupload/v1/published',
    server: 'apps',
    format: 'listing',
    methods: ['GET'],
    path: fixed('/autoupload/v1/published'),
    queryNames: ['page_token', 'ads_status', 'fetch_size'],
    headers: jsonHeaders('{{owner_token}}'),
    body: fc.oneof({ weight: 3, arbitrary: fc.constant<Piece[]>([]) }, json({ a: 'b' })),
  },
  {
    endpoint: 'POST /autoupload/<catalog>[/brand[/model]]',
    server: 'apps',
    format: 'catalog',
    methods: ['POST'],
    path: fc.oneof(
      fc.constantFrom(...CATALOG_BASES.map((base) => [base])),
      fc.constantFrom(...CATALOG_BASES).chain((base) => withSegments(base, 3)),
    ),
    queryNames: ['access_token'],
    headers: jsonHeaders(null),
    body: json(ACCESS_TOKEN_BODY),
  },
  {
    endpoint: '/autoservice/v1/notification[/id]',
    server: 'apps',
    format: 'notification',
    methods: ['POST', 'GET', 'PUT', 'DELETE'],
    path: fc.oneof(
      fixed('/autoservice/v1/notification'),
      fc.constantFrom<Piece[]>(
        ['/autoservice/v1/notification/', '{{owner_notification}}'],
        ['/autoservice/v1/notification/', '{{fuzzer_notification}}'],
      ),
      withSegments('/autoservice/v1/notification', 2),
    ),
    queryNames: ['id'],
    // Writes carry the fuzzing account's token: the owner's configuration must stay as it was.
    headers: jsonHeaders('{{fuzzer_token}}'),
    body: json(NOTIFICATION_BODY),
  },
  {
    endpoint: '/test_helpers/v1/...',
    server: 'apps',
    format: 'test-helper',
    methods: ['POST', 'PUT'],
    path: fc.oneof(
      fc.constantFrom<Piece[]>(
        ['/test_helpers/v1/clients'],
        ['/test_helpers/v1/users'],
        ['/test_helpers/v1/users/{{fuzzer_login}}/ads'],
        ['/test_helpers/v1/users/{{fuzzer_login}}/ads/fuzzer-ad-1/status'],
        ['/test_helpers/v1/clients/{{fuzzer_client}}/clock'],
        ['/test_helpers/v1/clients/{{fuzzer_client}}/rate_limit'],
        ['/test_helpers/v1/clients/{{fuzzer_client}}/failures'],
      ),
      withSegments('/test_helpers/v1/users', 4),
      withSegments('/test_helpers/v1/clients', 2),
    ),
    queryNames: ['x'],
    headers: helperHeaders,
    body: json({ status: 'published', redirect_uris: 'x', advance_seconds: '1', requests: '1' }),
  },
  {
    endpoint: 'other paths of the resource server',
    server: 'apps',
    format: 'apps-other',
    methods: ['GET', 'POST'],
    path: fc.oneof(fixed('/openapi.json'), withSegments('', 3), withSegments('/autoupload', 2)),
    queryNames: ['x'],
    headers: jsonHeaders(null),
    body: fc.oneof(fc.constant<Piece[]>([]), json({ a: 'b' })),
  },
];

export const ENDPOINT_NAMES = ENDPOINTS.map((spec) => spec.endpoint);

export function fuzzCases(endpoint: string): fc.Arbitrary<FuzzCase> {
  const spec = ENDPOINTS.find((candidate) => candidate.endpoint === endpoint);
  if (spec === undefined) throw new Error(`no endpoint ${endpoint}`);
  return fc
    .record({
      method: oddMethod(spec.methods),
      path: spec.path,
      query: oddQuery(spec.queryNames),
      baseQuery: spec.baseQuery ?? fc.constant(''),
      headers: spec.headers,
      body: spec.body,
    })
    .map(({ method, path, query, baseQuery, headers, body }) => ({
      endpoint: spec.endpoint,
      server: spec.server,
      format: spec.format,
      method,
      target: [...path, ...withBase(baseQuery, query)],
      headers,
      body,
      [fc.toStringMethod]() {
        return describeCase(this);
      },
    }));
}

function withBase(base: string, query: Piece[]): Piece[] {
  if (base === '') return query;
  return ['?', base, ...(query.length === 0 ? [] : ['&', ...query.slice(1)])];
}

/** One line: method, target and headers cut short, body by its size and start. */
export function describeCase(fuzzCase: Omit<FuzzCase, typeof fc.toStringMethod>): string {
  const target = clip(printable(fuzzCase.target), 160);
  const headers = fuzzCase.headers
    .map(([name, value]) => `${name}: ${clip(printable([value]), 60)}`)
    .slice(0, 6)
    .join(' | ');
  const body = printable(fuzzCase.body);
  return `${fuzzCase.method} ${target} [${headers}${fuzzCase.headers.length > 6 ? ` | +${fuzzCase.headers.length - 6}` : ''}] body ${body.length} chars: ${clip(body, 120)}`;
}

function printable(pieces: readonly Piece[]): string {
  return pieces
    .map((piece) => (typeof piece === 'string' ? piece : `<bytes ${Buffer.from(piece).toString('hex')}>`))
    .join('');
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}... (${text.length} chars)`;
}
