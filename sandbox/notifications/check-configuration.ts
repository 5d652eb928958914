import { NotificationError } from '../../spec/errors.js';
import { idOf, ownerOf, type NotificationRequest } from './context.js';

/**
 * R4.6-02, R4.6-03, R4.6-04, R4.6-06: read, update and delete name a configuration of the caller's
 * user (and client); another's is a 404 like an unknown id, so that its existence is not revealed.
 */
export function ownedConfiguration(checked: NotificationRequest): void {
  const config = checked.rules.findConfiguration(checked.store, idOf(checked), ownerOf(checked));
  if (config === undefined) throw new NotificationError('NOT_FOUND', 'No such notification configuration.');
  checked.config = config;
}

/** Hostile input (guide): a user and client, and the sandbox, hold a bounded number of configurations. */
export function roomForOneMore(checked: NotificationRequest): void {
  const refusal = checked.store.refusal(ownerOf(checked));
  if (refusal !== null) throw new NotificationError('BAD_REQUEST', refusal);
}

/** This module's checks, by name (notifications/rules.ts spreads them into the area's table). */
export const CONFIGURATION_CHECKS = { ownedConfiguration, roomForOneMore };
