import type { StatusChangeState } from '../notifications/notify.js';
import type { AdStore } from '../store/ads.js';
import type { SandboxCaps } from '../store/caps.js';
import type { ClientStore } from '../store/clients.js';
import type { TokenStore } from '../store/tokens.js';
import type { AdImport } from './ad-import.js';

/**
 * What the ad import reaches of the sandbox's state (the whole state is one): the area takes these
 * from the state the server hands it, and imports nothing of the state's own module, which builds
 * the import. Its decisions are status changes, notified as any other.
 */
export interface ImportState extends StatusChangeState {
  readonly clients: ClientStore;
  readonly tokens: TokenStore;
  readonly ads: AdStore;
  readonly caps: Readonly<SandboxCaps>;
  readonly adImport: AdImport;
}
