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
/** Section 4.6 and 2.7 as rules: where the endpoints live, what they store and what they answer. */
export interface ConfigurationRules {
  /** R9-02: the path of the endpoints, with v1. */
  configurationPath: () => string;
  /** R4.6-06: the configuration a caller may read, update or delete. */
  findConfiguration: (store: NotificationStore, id: string, owner: Owner) => NotificationConfig | undefined;
  /** R2.7-01: the id of a new configuration (`sequence` counts the configurations created). */
  configurationId: (sequence: number) => string;
  /** R2.7-06, R2.7-07: the six fields of a configuration as sent. */
  configurationView: (config: NotificationConfig) => PublicConfig;
  /** R4.6-01: stores a new configuration (`newId` as configurationId) beside the owner's others. */
  storedCreate: (
    store: NotificationStore,
    settings: NotificationSettings,
    owner: Owner,
    newId: (sequence: number) => string,
  ) => NotificationConfig;
  /** A request sent to a new configuration's url at once, carrying no ad (null: none). */
  createdPing: (config: NotificationConfig) => string | null;
  /** R4.6-01, R2.7-07: the answer to a create. */
  createdBody: (view: PublicConfig) => Readonly<Record<string, unknown>>;
  /** R4.6-02, R2.7-07: the answer to a read. */
  readBody: (view: PublicConfig) => Readonly<Record<string, unknown>>;
  /** R4.6-03: whether an update moves the deliveries to the new url. */
  updateMovesDeliveries: () => boolean;
  /** R4.6-03: stores an update and gives the configuration to answer with. */
  savedUpdate: (
    store: NotificationStore,
    config: NotificationConfig,
    settings: NotificationSettings,
    moveDeliveries: boolean,
  ) => NotificationConfig;
  /** R4.6-04: whether a delete stops the configuration's deliveries. */
  deleteStopsDeliveries: () => boolean;
}

export const CONFIGURATION_RULES: ConfigurationRules = {
  configurationPath: () => NOTIFICATION_PATH,
  /** R4.6-06: of the caller's user and client only. */
  findConfiguration: (store, id, owner) => store.owned(id, owner),
  configurationId: () => randomUUID(),
  configurationView: publicView,
  /** R4.6-01: a user holds several configurations (up to NOTIFICATION_LIMITS, roomForOneMore). */
  storedCreate: (store, settings, owner, newId) => store.create(settings, owner, newId),
  /** 6 names one event, AD_STATUS, sent on a status change: nothing is sent on create. */
  createdPing: () => null,
  /** R4.6-01: the full configuration. */
  createdBody: (view) => view,
  /** R4.6-02: the full configuration (the token written last). */
  readBody: ({ token, ...withoutToken }) => ({ ...withoutToken, token }),
  /** R4.6-03: the update takes effect for the next status change. */
  updateMovesDeliveries: () => true,
  savedUpdate: (store, config, settings, moveDeliveries) => {
    store.update(config, settings, moveDeliveries);
    return config;
  },
  /** R4.6-04: a deleted configuration receives nothing more, not even a retry. */
  deleteStopsDeliveries: () => true,
};
