import { ImportHttpError } from './errors.js';
import { bodyOf, grantOf, type ImportCheck } from './request.js';

/**
 * Field notes, the ad import: the import and its status query carry the token in the body
 * (`{access_token, ...}`), the ad status query as `Authorization: Bearer`; integrators connect with
 * the `autoupload` scope. Not documented, the sandbox's choice: a missing or unknown token is 401
 * ACCESS_TOKEN_NOT_FOUND (the reason production has sent on endpoints other than the listing), a
 * token without `autoupload` 403 ACCESS_SCOPE_DENIED, both as `{reason, message}`.
 */

const UNKNOWN_TOKEN = (where: string): ImportHttpError =>
  new ImportHttpError(401, 'ACCESS_TOKEN_NOT_FOUND', `No valid access token in ${where}.`);

/** The body's `access_token` is a live token. */
export const bodyTokenKnown: ImportCheck = (context) => {
  const token = bodyOf(context).access_token;
  const grant = typeof token === 'string' ? context.state.tokens.find(token) : undefined;
  if (grant === undefined) throw UNKNOWN_TOKEN('the body\'s "access_token"');
  context.grant = grant;
};

/** The `Authorization: Bearer <token>` header names a live token. */
export const bearerTokenKnown: ImportCheck = (context) => {
  const header = context.request.headers.authorization ?? '';
  const token = /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim())?.[1];
  const grant = token === undefined ? undefined : context.state.tokens.find(token);
  if (grant === undefined) throw UNKNOWN_TOKEN('the Authorization header (Bearer)');
  context.grant = grant;
};

/** The token holds `autoupload`. */
export const autouploadScope: ImportCheck = (context) => {
  if (!grantOf(context).scopes.includes('autoupload'))
    throw new ImportHttpError(
      403,
      'ACCESS_SCOPE_DENIED',
      'The access token does not hold the autoupload scope.',
    );
};

export const CALLER_RULES = { bodyTokenKnown, bearerTokenKnown, autouploadScope };
