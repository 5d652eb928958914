import fc from 'fast-check';

/**
 * Malformed pieces of a request, shared by every endpoint of the fuzz: odd path ids and query
 * strings, wrong content types, bodies of the wrong shape, size or encoding, headers that break
 * the limits. Strings may hold placeholders (`{{owner_token}}`) that the sender fills in, so a
 * printed counterexample never carries a secret.
 */
export type Piece = string | Uint8Array;

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
/** Invalid UTF-8: a lone continuation byte, an overlong slash, bytes that never occur. */
export const INVALID_UTF8 = [bytes(0xff, 0xfe), bytes(0x80), bytes(0xc0, 0xaf), bytes(0xed, 0xa0, 0x80)];

const long = (length: number, unit = 'a'): string => unit.repeat(length);

/** A path segment where an id belongs. */
export const oddSegment: fc.Arbitrary<Piece> = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%ff',
    '%',
    '%zz',
    '%C0%AF',
    '%E6%97%A5%E6%9C%AC',
    '%F0%9F%92%A9',
    '-1',
    '0',
    '01',
    '1e3',
    '4294967296',
    '99999999999999999999',
    '%20',
    '+',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    ';x=1',
    '%3B',
    '%2F',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text) => encodeURIComponent(text)),
  fc.constantFrom(...INVALID_UTF8),
  fc.constantFrom(Buffer.from('日本語', 'utf8'), Buffer.from('ü', 'latin1')),
  fc.integer({ min: 300, max: 6000 }).map((length) => long(length, '9')),
);

/** A query string: repeated, empty, undecodable, oversized or binary parameters. */
export function oddQuery(names: readonly string[]): fc.Arbitrary<Piece[]> {
  const name = fc.oneof(fc.constantFrom(...names, 'x', '', '%', '%ff', 'a[b]', '__proto__'), fc.string());
  const value = fc.oneof(
    fc.string({ maxLength: 30 }).map((text) => encodeURIComponent(text)),
    fc.constantFrom(
      '',
      '%',
      '%zz',
      '%ff%fe',
      '%00',
      '+',
      '-1',
      '0',
      '1.5',
      '201',
      '1e9',
      'null',
      '[]',
      '%E6%97%A5',
    ),
    fc.integer({ min: 1000, max: 7000 }).map((length) => long(length)),
  );
  const pair = fc.tuple(name, value).map(([key, text]) => `${encodeURIComponent(key)}=${text}`);
  return fc.oneof(
    fc.array(pair, { maxLength: 6 }).map((pairs) => (pairs.length === 0 ? [] : ['?', pairs.join('&')])),
    fc.constantFrom<Piece[]>(['?'], ['?&&&'], ['?=&='], ['?', bytes(0xff)], ['?a=', bytes(0x80, 0xfe)]),
    fc
      .constantFrom(...names, 'x')
      .map((repeated) => ['?', `${repeated}=1&${repeated}=2&${repeated}=`] as Piece[]),
  );
}

export const oddContentType: fc.Arbitrary<Piece | null> = fc.constantFrom<Piece | null>(
  null,
  '',
  'application/json',
  'application/json;charset=UTF-8',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/html',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '*/*',
  'application/json, text/plain',
  'json',
  Buffer.from('applicätion/jsön', 'latin1'),
);

/** A JSON value of the wrong type for a field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 5000, max: 100_000 }).map((length) => long(length, 'x')),
);

/** JSON bodies: wrong types, missing fields, repeated keys, huge strings, invalid UTF-8, not JSON. */
export function oddJsonBody(fields: Readonly<Record<string, string>>, limit: number): fc.Arbitrary<Piece[]> {
  const names = Object.keys(fields);
  const valid = JSON.stringify(fields);
  return fc.oneof(
    fc
      .tuple(fc.subarray(names), fc.dictionary(fc.constantFrom(...names, 'extra'), wrongValue))
      .map(([kept, wrong]) => [JSON.stringify({ ...pick(fields, kept), ...wrong })]),
    fc.jsonValue({ maxDepth: 3 }).map((value) => [JSON.stringify(value)]),
    fc.constantFrom(...names).map((name) => [`${valid.slice(0, -1)},"${name}":1,"${name}":"again"}`]),
    fc.constantFrom(...INVALID_UTF8).map((invalid) => [`{"${names[0] ?? 'a'}":"`, invalid, '"}']),
    fc.constantFrom(...INVALID_UTF8).map((invalid) => [invalid]),
    fc.constantFrom<Piece[]>(
      [''],
      ['{'],
      ['{"a":'],
      ['nope'],
      ['\u0000'],
      ['{"__proto__":{"polluted":true}}'],
      ['{"constructor":{"prototype":{"polluted":true}}}'],
      [`${'['.repeat(5000)}${']'.repeat(5000)}`],
      [`{"a":${'['.repeat(100_000)}`],
    ),
    fc.integer({ min: 1, max: 4096 }).map((extra) => [`{"pad":"${long(limit + extra, 'x')}"}`]),
  );
}

/** Form bodies: repeated, missing, undecodable, oversized fields. */
export function oddFormBody(fields: Readonly<Record<string, string>>, limit: number): fc.Arbitrary<Piece[]> {
  const names = Object.keys(fields);
  const pairs = (kept: string[]): string =>
    kept.map((name) => `${name}=${encodeURIComponent(fields[name] ?? '')}`).join('&');
  return fc.oneof(
    fc.subarray(names).map((kept) => [pairs(kept)]),
    fc.constantFrom(...names).map((name) => [`${pairs(names)}&${name}=again`]),
    fc.constantFrom(...INVALID_UTF8).map((invalid) => [`${pairs(names)}&${names[0] ?? 'a'}=`, invalid]),
    fc.constantFrom<Piece[]>(['%'], ['=&=&'], ['a=%zz'], ['{"json":"instead"}'], ['']),
    fc.integer({ min: 100, max: 8000 }).map((length) => [`${pairs(names)}&state=${long(length)}`]),
    fc.integer({ min: 1, max: 4096 }).map((extra) => [`${pairs(names)}&pad=${long(limit + extra)}`]),
  );
}

function pick(fields: Readonly<Record<string, string>>, kept: readonly string[]): Record<string, string> {
  return Object.fromEntries(kept.map((name) => [name, fields[name] ?? '']));
}

export type HeaderPiece = readonly [string, Piece];

/** Headers that break the rules: beyond the limits, binary, repeated, contradictory. */
export const oddHeaders: fc.Arbitrary<HeaderPiece[]> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<HeaderPiece[]>([]) },
  fc.integer({ min: 17 * 1024, max: 40 * 1024 }).map((length) => [['x-fuzz', long(length)] as const]),
  fc.integer({ min: 70 * 1024, max: 100 * 1024 }).map((length) => [['x-fuzz', long(length)] as const]),
  fc
    .integer({ min: 100, max: 400 })
    .map((count) => Array.from({ length: count }, (_, index) => [`x-fuzz-${index}`, long(60)] as const)),
  fc.constantFrom(...INVALID_UTF8).map((invalid) => [['x-fuzz', invalid] as const]),
  fc.constantFrom<HeaderPiece[]>(
    [['x-fuzz', bytes(0x00, 0x01)]],
    [['bad header', 'x']],
    [['content-length', 'abc']],
    [['content-length', '-1']],
    [
      ['content-length', '1'],
      ['content-length', '2'],
    ],
    [['transfer-encoding', 'chunked, gzip']],
    [['content-encoding', 'gzip']],
    [['expect', '100-continue']],
    [['accept', 'application/xml']],
    [['cookie', `sandbox_session=${long(300, '%')}`]],
  ),
);

/** The Authorization header: absent, malformed, of another scheme, or the seeded token. */
export function oddAuthorization(validToken: string | null): fc.Arbitrary<HeaderPiece[]> {
  return fc.oneof(
    fc.constantFrom<HeaderPiece[]>(
      [],
      [['authorization', '']],
      [['authorization', 'Bearer']],
      [['authorization', 'Bearer ']],
      [['authorization', 'Bearer a b']],
      [['authorization', 'Basic Zm9vOmJhcg==']],
      [['authorization', 'Bearer ünïcode']],
      [['authorization', 'Bearer %00']],
      [['authorization', Buffer.concat([Buffer.from('Bearer '), Buffer.from(INVALID_UTF8[0] ?? [])])]],
      [['authorization', `Bearer ${long(10_000)}`]],
      [
        ['authorization', 'Bearer one'],
        ['authorization', 'Bearer two'],
      ],
    ),
    fc.constant<HeaderPiece[]>(validToken === null ? [] : [['authorization', `Bearer ${validToken}`]]),
  );
}

/** A method: mostly the endpoint's own, sometimes another (known or not to the HTTP parser). */
export function oddMethod(own: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...own) },
    fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'BREW'),
  );
}
