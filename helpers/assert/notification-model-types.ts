import type { SeededAd } from '../clients/control-client.js';
import type { NotificationClient, NotificationSettings } from '../clients/notification-client.js';
import type { Receiver, ReceiverEndpoint, Sentinel } from '../clients/receiver.js';
import type { WebhookConfig } from '../target/target.js';
import type { ExpectedChange } from './notification-match.js';

/**
 * A model of one user's notification configurations (4.6) and of the AD_STATUS deliveries each
 * of them must get (6), for fast-check's model-based testing.
 */
export interface ConfigModel {
  id: string;
  settings: NotificationSettings & { url: string; token: string };
  /** The path its url names now. */
  endpoint: ReceiverEndpoint;
  /** Every path it has named: a delivery to any of them is this configuration's. */
  endpoints: ReceiverEndpoint[];
  /**
   * 4.6 does not say when an update reaches the deliveries: a change made before `until` (epoch
   * ms, UPDATE_SETTLE_MS after the last update) may still go to a former path, with a former token.
   */
  window?: { until: number; endpoints: ReceiverEndpoint[]; tokens: string[] };
  /** The sentinel sent just after the last update, checked at the end of the run (checkUpdateProbe). */
  probe?: { sentinel: Sentinel; updatedAt: number } | undefined;
  expected: ExpectedDelivery[];
}

/** One change this configuration must get once, at one of `endpoints`, carrying one of `tokens`. */
export interface ExpectedDelivery {
  change: ExpectedChange;
  endpoints: ReceiverEndpoint[];
  tokens: string[];
}

export interface NotificationModel {
  live: ConfigModel[];
  /** Every configuration of the run, deleted ones too: nothing more than expected may reach them. */
  configs: ConfigModel[];
  adStatus: Map<string, string>;
  /** Whether the target keeps several configurations per user (4.6 does not say): else one at a time. */
  severalPerUser: boolean;
}

export interface NotificationReal {
  token: string;
  ads: readonly SeededAd[];
  notifications: NotificationClient;
  receiver: Receiver;
  webhook: WebhookConfig;
  newSettings: (url: string) => NotificationSettings & { url: string; token: string };
  changeStatus: (ad: SeededAd, status: string) => Promise<ExpectedChange>;
  /** A sentinel (a change of an ad outside `ads`) through these paths: never counted as a change. */
  sentinel: (...endpoints: ReceiverEndpoint[]) => () => Promise<Sentinel>;
}
