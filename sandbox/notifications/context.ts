import type { FastifyRequest } from 'fastify';
import type { NotificationConfig, NotificationStore, Owner } from '../store/notifications.js';
import type { AccessGrant, TokenStore } from '../store/tokens.js';
import type { DeliveryPolicy } from './delivery-policy.js';
import type { SentSettings } from './settings.js';

/** The rules a check reaches through the request (check-configuration.ts). */
export interface NotificationLookups {
  readonly findConfiguration: (
    store: NotificationStore,
    id: string,
    owner: Owner,
  ) => NotificationConfig | undefined;
}

/**
 * One request to a notification endpoint as its checks see it: what they read (the body read once,
 * the path's id), and what an earlier check found for the later ones (the caller's grant, the
 * configuration named by the path), in the spirit of node-oidc-provider's `ctx.oidc`.
 */
export interface NotificationRequest {
  readonly request: FastifyRequest;
  /** The configuration id of the path, on read, update and delete. */
  readonly id?: string | undefined;
  readonly tokens: TokenStore;
  readonly store: NotificationStore;
  readonly policy: DeliveryPolicy;
  /** The rules in force that a check looks something up through (the area's tables hold them). */
  readonly rules: NotificationLookups;
  /** Set by `bearerToken`. */
  grant?: AccessGrant;
  /** The body as the route read it once, the url parsed (create and update; absent fields otherwise). */
  readonly sent: SentSettings;
  /** Set by `ownedConfiguration`. */
  config?: NotificationConfig;
}

/** What an earlier check of the pipeline set; its absence is a pipeline declared in the wrong order. */
function setBy<T>(value: T | undefined, check: string): T {
  if (value === undefined) throw new Error(`the ${check} check must run before this one`);
  return value;
}

export function grantOf(checked: NotificationRequest): AccessGrant {
  return setBy(checked.grant, 'bearerToken');
}

/** A configuration belongs to the user and the client of the token that created it. */
export function ownerOf(checked: NotificationRequest): Owner {
  const { login, clientId } = grantOf(checked);
  return { login, clientId };
}

export function configOf(checked: NotificationRequest): NotificationConfig {
  return setBy(checked.config, 'ownedConfiguration');
}

export function idOf(checked: NotificationRequest): string {
  return setBy(checked.id, 'the route');
}
