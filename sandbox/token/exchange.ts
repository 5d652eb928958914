import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Params } from '../http/params.js';
import type { Scope } from '../../spec/scopes.js';
import type { SandboxState } from '../state/sandbox-state.js';
import type { Client, ClientStore } from '../store/clients.js';
import type { AuthorizationCode } from '../store/codes.js';
import type { TokenError } from '../../spec/errors.js';

/** One request to the token endpoint, as a route handler receives it. */
export interface TokenCall {
  request: FastifyRequest;
  reply: FastifyReply;
  state: SandboxState;
  /** Answers a 7.2 error under the rules in force at this request. */
  sendError: (error: TokenError) => FastifyReply;
}

/** How a client is found from an id and a secret (compared, by the reference). */
export type ClientBySecret = (clients: ClientStore, clientId: string, secret: string) => Client | undefined;

/** How a client that sent an HTTP Basic Authorization header is authenticated, or refused. */
export type BasicClient = (header: string, form: Params, clients: ClientStore) => Client;

/**
 * The rules a check of the exchange reaches through it (authenticate-client.ts, check-code.ts):
 * the area's tables hold them, and the endpoint hands the ones in force at the request.
 */
export interface ExchangeLookups {
  readonly basicClient: BasicClient;
  readonly credentialMissing: (name: 'client_id' | 'client_secret') => TokenError;
  readonly clientBySecret: ClientBySecret;
  readonly codeLifetimeMs: () => number;
}

export type TokenReply = FastifyReply | Promise<FastifyReply>;

/** What answers a token call: the exchange itself, or a refusal of the method. */
export type TokenHandler = (call: TokenCall) => TokenReply;

/** How a method is answered, given the exchange the reference runs for POST. */
export type TokenMethod = (call: TokenCall, exchange: TokenHandler) => TokenReply;

/**
 * One token request on its way through the checks of the exchange: what it carries and what the
 * checks found so far (the form, the client, the code, the scope to grant), each set by the check
 * that establishes it and read by the checks after it.
 */
export class TokenExchange {
  private foundForm?: Params;
  private foundClient?: Client;
  private foundCode?: AuthorizationCode;
  private foundScopes?: readonly Scope[];

  constructor(
    readonly request: FastifyRequest,
    readonly state: SandboxState,
    readonly rules: ExchangeLookups,
  ) {}

  get form(): Params {
    return found(this.foundForm, 'form');
  }
  set form(form: Params) {
    this.foundForm = form;
  }

  get client(): Client {
    return found(this.foundClient, 'client');
  }
  set client(client: Client) {
    this.foundClient = client;
  }

  get code(): AuthorizationCode {
    return found(this.foundCode, 'code');
  }
  set code(code: AuthorizationCode) {
    this.foundCode = code;
  }

  get scopes(): readonly Scope[] {
    return found(this.foundScopes, 'scopes');
  }
  set scopes(scopes: readonly Scope[]) {
    this.foundScopes = scopes;
  }
}

/** A check that reads what no earlier check found is a bug of the declared order, not of the request. */
function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Token exchange: no ${what} yet (a check runs out of order).`);
  return value;
}

/** A check of the exchange: returns when the request passes it, throws the endpoint's error. */
export type TokenCheck = (exchange: TokenExchange) => void;

/**
 * A refusal that is not a 7.2 error (another layer's 413 or 415, a fault's 500): the check that
 * throws it says how it is sent, and the code it carried is left as it was.
 */
export class RawRefusal extends Error {
  constructor(readonly send: (reply: FastifyReply) => FastifyReply) {
    super('Refused outside the token endpoint’s 7.2 format.');
    this.name = 'RawRefusal';
  }
}
