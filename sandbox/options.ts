import type { FaultName } from './faults.js';
import type { DeliveryPolicyValues } from './notifications/delivery-settings.js';
import type { SandboxCaps } from './store/caps.js';
import type { VariantName } from './variants.js';
import type { Calibration } from './calibrate/calibrate.js';

export interface SandboxOptions {
  /**
   * Address to bind (127.0.0.1 unless `--host` names another interface); the server certificate
   * names it (tls.ts).
   */
  host: string;
  /** Port of the HTTPS authorization server; 0 picks a free one. */
  authPort: number;
  /** Port of the resource server (which also serves the test helpers); 0 picks a free one. */
  appsPort: number;
  /**
   * The resource server (and the test helpers with it) over HTTPS, with the authorization server's
   * certificate and CA (`sandbox --apps-https`, SANDBOX_APPS_HTTPS); plain HTTP unless true.
   */
  appsHttps?: boolean;
  /**
   * Key for the test helpers; null, or one shorter than 16 characters, serves no test helper at
   * all (404), as the contract requires of a sandbox without a key.
   */
  controlKey: string | null;
  /** Fault switches turned on for the life of this process. */
  faults: readonly FaultName[];
  /** Variant switches: other choices where the spec says "not shown". */
  variants: readonly VariantName[];
  /** Directory where the generated CA/certificate PEM files are written. */
  tlsDir: string;
  /** Log requests to stdout (the standalone sandbox does; the embedded one stays quiet). */
  logRequests: boolean;
  /**
   * Marker in front of every client secret, password, code and access token the sandbox generates
   * (SANDBOX_SECRET_PREFIX), so that a scan of the reports recognises a leaked one; '' for none.
   */
  secretPrefix: string;
  /** Where deliveries may go (SANDBOX_WEBHOOK_ALLOW, see notifications/delivery-policy.ts). */
  webhookAllow: string;
  /** The delivery policy at start (notifications/delivery-settings.ts); also switchable at run time. */
  delivery?: Partial<DeliveryPolicyValues>;
  /** Lower caps than the sandbox's (store/caps.ts), for tests of what happens past one. */
  caps?: Partial<SandboxCaps>;
  /** The journal's and chaos's hooks installed (start.ts); false only for a benchmark's plain reference. */
  observe?: boolean;
  /** The journal of requests and deliveries (journal/); on unless false. */
  journal?: boolean;
  /**
   * The calibration from an observed profile the sandbox takes at start (--like, SANDBOX_LIKE:
   * calibrate/switch.ts reads it before the start, so that a bad file stops it before anything opens).
   */
  like?: Calibration;
  /** Where the journal is also written as JSON lines (the data folder's journal.jsonl). */
  journalFile?: string;
  /** The chaos at start: a value of the `chaos` switch ({profiles, clients, seed, ...}). */
  chaos?: unknown;
  /**
   * The data folder whose SQLite file keeps the state across restarts (persist/); undefined keeps
   * nothing (the suite's embedded sandbox).
   */
  dataDir?: string | undefined;
  /** With `dataDir`: delete its data file first, and start empty. */
  fresh?: boolean;
}

export interface RunningSandbox {
  authUrl: string;
  appsUrl: string;
  /** Base URL of the test helpers (the contract's SANDBOX_CONTROL_URL). */
  controlUrl: string;
  controlKey: string | null;
  /** PEM file the suite trusts through TLS_CA_FILE. */
  caFile: string;
  faults: readonly FaultName[];
  close(): Promise<void>;
}
