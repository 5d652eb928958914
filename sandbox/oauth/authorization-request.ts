import type { AuthorizationErrorCode } from '../../spec/errors.js';
import type { Params } from '../http/params.js';
import type { OAuthState } from './oauth-state.js';
import type { Client, ClientStore } from '../store/clients.js';
import type { Scope } from '../../spec/scopes.js';

/** Where the browser goes back to, as the redirect URI check settled it. */
export interface RedirectTarget {
  /** Where the browser goes back to. */
  uri: string;
  /** What the request carried (null when left out): the token request must repeat it. */
  sent: string | null;
}

/** What the request asked for: the known values, and the others (kept only to be shown). */
export interface RequestedScope {
  scopes: Scope[];
  unknown: string[];
}

/**
 * The rules a check of GET /oauth reaches through the request (check-*.ts, injected-failure.ts):
 * the area's tables hold them, and the endpoint hands the ones in force at the request.
 */
export interface AuthorizationLookups {
  readonly findClient: (clients: ClientStore, clientId: string) => Client | undefined;
  readonly redirectUriOmitted: (client: Client) => RedirectTarget;
  readonly redirectUriMatches: (sent: string, registered: string) => boolean;
  readonly redirectUriMismatchStatus: () => number;
  readonly refuseMissingResponseType: () => void;
  readonly refuseOtherResponseType: () => void;
  readonly missingScope: () => RequestedScope;
  readonly requestedScope: (scope: string) => RequestedScope;
  readonly reportedError: (error: AuthorizationErrorCode) => AuthorizationErrorCode;
  readonly returnedState: (sent: string) => string;
}

/**
 * One GET /oauth request as its checks see it (authorize.ts runs them in order): the parameters,
 * and what each check established for the ones after it (client, redirect target, scope).
 */
export class AuthorizationRequest {
  /** R4.1-08: the single `state` sent, as it goes back to the client; null when absent or repeated. */
  readonly state: string | null;
  private knownClient: Client | undefined;
  private redirectTarget: RedirectTarget | undefined;
  private requestedScope: RequestedScope | undefined;

  constructor(
    readonly params: Params,
    readonly sandbox: OAuthState,
    readonly rules: AuthorizationLookups,
  ) {
    const sent = params.repeated().includes('state') ? null : (params.get('state') ?? null);
    this.state = sent === null ? null : rules.returnedState(sent);
  }

  /** The client, once `clientIdKnown` passed; undefined before (an untrusted request's page needs to know). */
  get clientIfKnown(): Client | undefined {
    return this.knownClient;
  }

  get client(): Client {
    return established(this.knownClient, 'clientIdKnown');
  }

  set client(client: Client) {
    this.knownClient = client;
  }

  get target(): RedirectTarget {
    return established(this.redirectTarget, 'redirectUriRegistered');
  }

  set target(target: RedirectTarget) {
    this.redirectTarget = target;
  }

  get scope(): RequestedScope {
    return established(this.requestedScope, 'scopeValid');
  }

  set scope(scope: RequestedScope) {
    this.requestedScope = scope;
  }
}

function established<Value>(value: Value | undefined, check: string): Value {
  if (value === undefined) throw new Error(`The check ${check} has not run: the pipeline is out of order.`);
  return value;
}
