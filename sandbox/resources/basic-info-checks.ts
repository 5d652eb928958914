import { BasicInfoError } from '../../spec/errors.js';
import type { FastifyRequest } from 'fastify';
import type { ResourcesState } from './resources-state.js';
import type { AccessGrant } from '../store/tokens.js';
import type { User } from '../store/users.js';
import { bodyGrant } from './body-token.js';

/** The checks and answer of POST /oauth_api/basic_user_info (4.3, 2.4). */

/** One request to basic user info as its checks fill it in. */
export interface BasicInfoRequest {
  readonly request: FastifyRequest;
  readonly state: ResourcesState;
  /** The rule in force that finds the token's user (the area's table holds it). */
  readonly rules: { readonly userOfGrant: (grant: AccessGrant, state: ResourcesState) => User | undefined };
  /** Set by bodyTokenValid. */
  grant?: AccessGrant;
  /** Set by userOfToken. */
  user?: User;
}

/** What basic user info answers: whose name and e-mail, with which status. */
export interface BasicInfoAnswer {
  status: number;
  name: string;
  email: string;
}

/**
 * A check of basic user info: undefined lets the request through, a BasicInfoError refuses it;
 * only a fault returns an answer at once.
 */
export type BasicInfoCheck = (info: BasicInfoRequest) => BasicInfoAnswer | undefined;

/** R4.3-01, R5-06: the body's access_token must be a token the sandbox issued, else 401 ACCESS_DENIED. */
export function bodyTokenValid(info: BasicInfoRequest): BasicInfoAnswer | undefined {
  const grant = bodyGrant(info.request, info.state.tokens);
  if (grant === undefined) throw new BasicInfoError('ACCESS_DENIED', 'Check the access_token in the body.');
  info.grant = grant;
  return undefined;
}

/** R4.3-02, R5-06: the token must hold basic_user_info, else 403 ACCESS_SCOPE_DENIED. */
export function basicInfoScope(info: BasicInfoRequest): BasicInfoAnswer | undefined {
  if (!grantOf(info).scopes.includes('basic_user_info'))
    throw new BasicInfoError('ACCESS_SCOPE_DENIED', 'The token lacks the basic_user_info permission.');
  return undefined;
}

/** R4.3-01: the answer is about the token's own user; a user since removed is 401 ACCESS_DENIED. */
export function userOfToken(info: BasicInfoRequest): BasicInfoAnswer | undefined {
  const user = info.rules.userOfGrant(grantOf(info), info.state);
  if (user === undefined)
    throw new BasicInfoError('ACCESS_DENIED', 'The user of this token no longer exists.');
  info.user = user;
  return undefined;
}

/** R4.3-01: the user the token was issued for. */
export const userOfGrant = (grant: AccessGrant, state: ResourcesState): User | undefined =>
  state.users.find(grant.login);

/** R2.4-01: user_name is the user's full name. */
export const userName = (user: User): string => user.name;

/** R2.4-01, R2.4-02: the 2.4 answer, user_name and user_email. */
export const basicInfoBody = (name: string, email: string): object => ({
  user_name: name,
  user_email: email,
});

function grantOf(info: BasicInfoRequest): AccessGrant {
  if (info.grant === undefined) throw new Error('bodyTokenValid must run before this check.');
  return info.grant;
}

/** This module's rules, by name (resources/rules.ts spreads them into the area's table). */
export const BASIC_INFO_RULES = {
  bodyTokenValid,
  basicInfoScope,
  userOfToken,
  userOfGrant,
  userName,
  basicInfoBody,
};
