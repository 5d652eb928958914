import { expect, test } from '@playwright/test';
import {
  AUTHORIZATION_ERROR_CODES,
  LISTING_ERROR_DECLARATIONS,
  TOKEN_ERROR_CODES,
  TOKEN_ERRORS,
} from '../spec/errors.js';
import { CODE_LIFETIME_MS, MAX_PAGE_SIZE, MAX_REDIRECT_URIS } from '../spec/limits.js';
import { loadOpenApiDocument } from '../spec/openapi.js';
import * as paths from '../spec/paths.js';
import { REQUIREMENTS, requirement } from '../spec/requirements/catalogue.js';

/**
 * spec/ against the other descriptions of the API it must agree with: schemas/openapi.yaml and the
 * requirements catalogue's quotes of the specification. A code, path or limit that drifts in one of
 * them fails here, not in a nightly against a server that follows the spec.
 */
const document = loadOpenApiDocument();

type Json = Record<string, unknown>;
const field = (value: unknown, name: string): unknown => (value as Json | undefined)?.[name];

/** Backticked snake_case words of a text, such as the error codes an OpenAPI description lists. */
const backticked = (text: string): string[] =>
  [...text.matchAll(/`([a-z_]+)`/g)].map((match) => match[1] ?? '');

test.describe('the spec kernel (spec/) agrees with schemas/openapi.yaml and the specification', () => {
  test('7.2: the token error codes are the enum of the token-error schema, each with HTTP 400', () => {
    const schema = document.components.schemas['token-error'];
    const codes = field(field(field(schema, 'properties'), 'error'), 'enum');
    expect([...TOKEN_ERROR_CODES].sort()).toEqual([...(codes as string[])].sort());
    for (const code of TOKEN_ERROR_CODES) expect(TOKEN_ERRORS[code].status, code).toBe(400);
  });

  test('7.1: the authorization error codes are those the redirect of GET /oauth lists', () => {
    const redirect = field(field(field(document.paths[paths.AUTHORIZATION_PATH], 'get'), 'responses'), '3XX');
    const description = String(field(redirect, 'description'));
    const listed = backticked(description.slice(description.indexOf('one of')));
    for (const code of AUTHORIZATION_ERROR_CODES) expect(listed, code).toContain(code);
    expect(listed.filter((code) => code !== 'state' && code !== 'code').sort()).toEqual(
      [...AUTHORIZATION_ERROR_CODES].sort(),
    );
  });

  test('7.3: each listing reason and its exact message are in the listing-error schema and the catalogue', () => {
    const description = String(field(document.components.schemas['listing-error'], 'description'));
    for (const [reason, { message }] of Object.entries(LISTING_ERROR_DECLARATIONS)) {
      expect(description, reason).toContain(`\`${reason}\` "${message}"`);
      const quoted = REQUIREMENTS.filter(({ id }) => id.startsWith('R7.3-')).map(({ text }) => text);
      expect(quoted.join('\n'), reason).toContain(`reason ${reason}, message "${message}"`);
    }
  });

  test('4 and 9: every endpoint path of spec/paths.ts is a path of the OpenAPI description', () => {
    const endpoints = [
      paths.AUTHORIZATION_PATH,
      paths.TOKEN_PATH,
      paths.BASIC_USER_INFO_PATH,
      paths.PUBLISHED_PATH,
      paths.NOTIFICATION_PATH,
      paths.CUBIC_CAPACITIES_PATH,
      ...Object.values(paths.CATALOG_CHAINS).map((chain) => `${paths.CATALOG_PREFIX}/${chain}`),
    ];
    for (const path of endpoints) expect(Object.keys(document.paths), path).toContain(path);
  });

  test('8: the page size limit is the default and maximum of fetch_size; code lifetime and URIs as the spec says', () => {
    const parameters = field(field(document.paths[paths.PUBLISHED_PATH], 'get'), 'parameters') as Json[];
    const fetchSize = field(
      parameters.find((parameter) => parameter.name === 'fetch_size'),
      'schema',
    );
    expect(field(fetchSize, 'default')).toBe(MAX_PAGE_SIZE);
    expect(field(fetchSize, 'maximum')).toBe(MAX_PAGE_SIZE);
    expect(requirement('R8-04').text).toContain(`${MAX_PAGE_SIZE}.`);
    expect(requirement('R8-02').text).toContain(`${CODE_LIFETIME_MS / 60_000} minutes`);
    expect(requirement('R8-01').text).toContain(`1 to ${MAX_REDIRECT_URIS}.`);
  });
});
