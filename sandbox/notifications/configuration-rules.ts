import { randomUUID } from 'node:crypto';
import { NOTIFICATION_PATH } from '../../spec/paths.js';
import type {
  NotificationConfig,
  NotificationSettings,
  NotificationStore,
  Owner,
  PublicConfig,
} from '../store/notifications.js';
import { publicView } from '../store/notifications.js';

/** R2.7-01: the id of a new configuration (`sequence` counts the configurations created): a UUID. */
const configurationId: (sequence: number) => string = () => randomUUID();

/**
 * Section 4.6 and 2.7 as rules: where the endpoints live, what they store and what they answer.
 * notifications/rules.ts spreads this table into the area's; the area's type is the value's.
 */
export const CONFIGURATION_RULES = {
  /** R9-02: the path of the endpoints, with v1. */
  configurationPath: (): string => NOTIFICATION_PATH,
  /** R4.6-06: the configuration a caller may read, update or delete: of its user and client only. */
  findConfiguration: (store: NotificationStore, id: string, owner: Owner): NotificationConfig | undefined =>
    store.owned(id, owner),
  configurationId,
  /** R2.7-06, R2.7-07: the six fields of a configuration as sent. */
  configurationView: (config: NotificationConfig): PublicConfig => publicView(config),
  /** R4.6-01: a user holds several configurations (up to NOTIFICATION_LIMITS, roomForOneMore). */
  storedCreate: (
    store: NotificationStore,
    settings: NotificationSettings,
    owner: Owner,
    newId: (sequence: number) => string,
  ): NotificationConfig => store.create(settings, owner, newId),
  /** R4.6-01, R2.7-07: the answer to a create: the full configuration. */
  createdBody: (view: PublicConfig): Readonly<Record<string, unknown>> => view,
  /** R4.6-02, R2.7-07: the answer to a read: the full configuration (the token written last). */
  readBody: ({ token, ...withoutToken }: PublicConfig): Readonly<Record<string, unknown>> => ({
    ...withoutToken,
    token,
  }),
  /** R4.6-03: stores an update, which takes effect for the next status change. */
  savedUpdate: (
    store: NotificationStore,
    config: NotificationConfig,
    settings: NotificationSettings,
  ): NotificationConfig => {
    store.update(config, settings);
    return config;
  },
  /** R4.6-04: removes the configuration; true: it receives nothing more, not even a retry. */
  storedDelete: (store: NotificationStore, config: NotificationConfig): boolean => {
    store.delete(config.id);
    return true;
  },
};
