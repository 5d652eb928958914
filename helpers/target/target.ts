import { existsSync } from 'node:fs';
import { EMBEDDED_SANDBOX_SELECTORS } from '../../spec/contract.js';
import {
  BASIC_USER_INFO_PATH,
  NOTIFICATION_PATH,
  PUBLISHED_PATH,
  TEST_HELPERS_PREFIX,
  TOKEN_PATH,
} from '../../spec/paths.js';
import { resolveAccount, type ConfiguredClient, type ConfiguredUser } from './account.js';
import { redirectOrigin } from './redirect-origin.js';
import { serverUrlProblem, shownValue, targetNamedBy, unknownTargetVariables } from './target-naming.js';
import { resolveHoldings, type AccountHoldings } from './account-holdings.js';
import { resolveStatusChange, type StatusChangeConfig } from './status-change-config.js';
import { configurationProblems, settingsOf, type Settings } from '../../config/environment.js';

export type { ConfiguredClient, ConfiguredUser } from './account.js';

/** The target as the contract (section 1) names it through the environment. */
export interface TargetConfig {
  authUrl: string;
  appsUrl: string;
  /** True when the run started the embedded sandbox itself. */
  embedded: boolean;
  /**
   * Whether tests may change state on the target's account (notification configurations, status
   * changes, a rate-limit burst): always on the embedded sandbox, elsewhere only with
   * CONFORMANCE_ALLOW_WRITES=1.
   */
  allowWrites: boolean;
  /**
   * CONFORMANCE_RATE_LIMIT_BURST: the most listing requests the rate-limit test may send to meet
   * RATE_LIMIT on a target without test helpers; null leaves that test skipped there.
   */
  rateLimitBurst: number | null;
  /** TARGET_USER_AD_COUNT and TARGET_RATE_LIMIT: what the team states the account holds (account-holdings.ts). */
  holdings: AccountHoldings;
  control: { url: string; key: string } | null;
  /** TARGET_STATUS_CHANGE_COMMAND and TARGET_DELIVERY_TIMEOUT (contract section 3); null when unset. */
  statusChange: StatusChangeConfig | null;
  /** CONFORMANCE_OBSERVE_SECONDS: how long to watch the marketplace's own changes; null: not at all. */
  observeSeconds: number | null;
  /** TARGET_CLIENT_*, with TARGET_REDIRECT_URIS: the configured client and all its redirect URIs. */
  client: ConfiguredClient | null;
  /** TARGET_CLIENT2_*: a second client (optional), for the checks that a code is bound to its client. */
  client2: ConfiguredClient | null;
  /** TARGET_USER_*, with the expected basic user info TARGET_USER_NAME and TARGET_USER_EMAIL. */
  user: ConfiguredUser | null;
  /** TARGET_USER2_*: a second user (optional), for the checks that each user sees their own data. */
  user2: ConfiguredUser | null;
  caFile: string | undefined;
  webhook: WebhookConfig;
  selectors: {
    loginUsername: string;
    loginPassword: string;
    loginSubmit: string;
    consentApprove: string;
    consentDeny: string;
  };
}

/** The suite's notification receiver and how long it waits (contract section 1, and ours). */
export interface WebhookConfig {
  /** WEBHOOK_LISTEN_PORT; undefined picks a free port per worker. */
  listenPort: number | undefined;
  /** WEBHOOK_PUBLIC_URL; undefined means http://127.0.0.1:<port>. */
  publicUrl: string | undefined;
  /** WEBHOOK_TOKEN_HEADER, lower-cased; undefined accepts any header carrying the token. */
  tokenHeader: string | undefined;
  /** WEBHOOK_WAIT_MS: how long a test waits for an expected delivery. */
  waitMs: number;
  /** WEBHOOK_QUIET_MS: the longest a test listens to show that nothing (more) arrives. */
  quietMs: number;
  /** WEBHOOK_QUIET_MIN_MS: the shortest such quiet period, once the target has shown its delivery time. */
  quietMinMs: number;
  /** WEBHOOK_SENTINEL: whether a sentinel delivery may end a quiet period early (receiver.ts). */
  sentinel: boolean;
  /** WEBHOOK_TIME_TOLERANCE_S: how far the notified time of a change may be from the suite's clock. */
  timeToleranceSeconds: number;
}

export type Environment = Record<string, string | undefined>;

/** Raised before any test runs: one line per variable that is missing, malformed or contradictory. */
export class TargetConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The target configuration is not usable:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'TargetConfigError';
  }
}

/** Set by the run itself when it started the embedded sandbox, so workers know the target is theirs. */
export const EMBEDDED_MARKER = 'CONFORMANCE_EMBEDDED_SANDBOX';

/**
 * The target's configuration from the environment. Each number and flag is read as its declaration
 * types it (config/: a wrong one is the declared problem line); what is checked here is what no
 * single declaration says: which variables go together, a file that must exist, a header's form.
 */
export function resolveTarget(env: Environment): TargetConfig {
  const problems: string[] = [];
  const typed = settingsOf(env);
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const url = serverUrlReader(env, problems);
  problems.push(...unknownTargetVariables(env));
  const { authUrl, appsUrl } = resolveUrls(url, targetNamedBy(env), problems);

  const control = resolveControl(read, url, appsUrl, problems);
  const { client, client2, user, user2 } = resolveAccount(read, problems);
  if (control === null && (client === null || user === null)) {
    problems.push(
      'SANDBOX_CONTROL_KEY or TARGET_CLIENT_ID/TARGET_CLIENT_SECRET/TARGET_REDIRECT_URI with TARGET_USER_LOGIN/TARGET_USER_PASSWORD: without test helpers the suite needs a configured client and user',
    );
  }
  const webhook = resolveWebhook(read, typed, url, problems);
  const caFile = resolveCaFile(read, problems);
  const holdings = resolveHoldings(read, typed, problems);
  const statusChange = resolveStatusChange(typed);
  const observeSeconds = typed.CONFORMANCE_OBSERVE_SECONDS ?? null;
  checkRedirectOrigin(env, problems);
  problems.push(...notYetNamed(problems, configurationProblems(env)));

  if (problems.length > 0 || authUrl === undefined || appsUrl === undefined)
    throw new TargetConfigError(problems);
  return {
    authUrl,
    appsUrl,
    embedded: typed.CONFORMANCE_EMBEDDED_SANDBOX,
    allowWrites: typed.CONFORMANCE_EMBEDDED_SANDBOX || typed.CONFORMANCE_ALLOW_WRITES,
    rateLimitBurst: typed.CONFORMANCE_RATE_LIMIT_BURST ?? null,
    holdings,
    control,
    statusChange,
    observeSeconds,
    client,
    client2,
    user,
    user2,
    caFile,
    webhook,
    selectors: resolveSelectors(read),
  };
}

type Read = (name: string) => string | undefined;

/** The endpoints each base URL leads to: a value ending with one is an endpoint pasted for its base. */
const ENDPOINTS_UNDER: Readonly<Record<string, readonly string[]>> = {
  TARGET_AUTH_URL: [TOKEN_PATH, BASIC_USER_INFO_PATH],
  TARGET_APPS_URL: [PUBLISHED_PATH, NOTIFICATION_PATH, TEST_HELPERS_PREFIX],
  SANDBOX_CONTROL_URL: [TEST_HELPERS_PREFIX],
};

/** A server's URL, judged as it was typed: a space or a quote around it is a mistake, not padding. */
function serverUrlReader(env: Environment, problems: string[]): Read {
  return (name) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const problem = serverUrlProblem(raw, ENDPOINTS_UNDER[name] ?? []);
    if (problem !== undefined)
      problems.push(`${name}: expected an absolute http(s) URL, got ${shownValue(raw)}: ${problem}`);
    return raw.trim().replace(/\/+$/, '');
  };
}

/**
 * Both servers' URLs. One missing is refused with what made the run external: the embedded sandbox
 * starts only when no target variable is set at all (target-naming.ts).
 */
function resolveUrls(
  url: Read,
  named: readonly string[],
  problems: string[],
): { authUrl?: string; appsUrl?: string } {
  const authUrl = url('TARGET_AUTH_URL');
  const appsUrl = url('TARGET_APPS_URL');
  const others = named.filter((name) => name !== 'TARGET_AUTH_URL' && name !== 'TARGET_APPS_URL');
  const why =
    others.length === 0
      ? ''
      : `; ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} set, which names an external target`;
  const embedded =
    'to run against the embedded sandbox, unset every TARGET_*, SANDBOX_CONTROL_* and account variable';
  if (authUrl === undefined)
    problems.push(
      appsUrl === undefined
        ? `TARGET_AUTH_URL: required${why} (${embedded})`
        : `TARGET_AUTH_URL: required together with TARGET_APPS_URL, which is set (${embedded})`,
    );
  if (appsUrl === undefined)
    problems.push(
      authUrl === undefined
        ? `TARGET_APPS_URL: required together with TARGET_AUTH_URL`
        : `TARGET_APPS_URL: required together with TARGET_AUTH_URL, which is set (${embedded})`,
    );
  return { ...(authUrl === undefined ? {} : { authUrl }), ...(appsUrl === undefined ? {} : { appsUrl }) };
}

function resolveCaFile(read: Read, problems: string[]): string | undefined {
  const caFile = read('TLS_CA_FILE');
  if (caFile !== undefined && !existsSync(caFile)) problems.push(`TLS_CA_FILE: no such file "${caFile}"`);
  return caFile;
}

/** contract.md's page selectors: each configured one, or the embedded sandbox's. */
function resolveSelectors(read: Read): TargetConfig['selectors'] {
  return {
    loginUsername: read('LOGIN_USERNAME_SELECTOR') ?? EMBEDDED_SANDBOX_SELECTORS.loginUsername,
    loginPassword: read('LOGIN_PASSWORD_SELECTOR') ?? EMBEDDED_SANDBOX_SELECTORS.loginPassword,
    loginSubmit: read('LOGIN_SUBMIT_SELECTOR') ?? EMBEDDED_SANDBOX_SELECTORS.loginSubmit,
    consentApprove: read('CONSENT_APPROVE_SELECTOR') ?? EMBEDDED_SANDBOX_SELECTORS.consentApprove,
    consentDeny: read('CONSENT_DENY_SELECTOR') ?? EMBEDDED_SANDBOX_SELECTORS.consentDeny,
  };
}

function resolveControl(
  read: (name: string) => string | undefined,
  url: (name: string) => string | undefined,
  appsUrl: string | undefined,
  problems: string[],
): TargetConfig['control'] {
  const controlUrl = url('SANDBOX_CONTROL_URL') ?? appsUrl;
  const key = read('SANDBOX_CONTROL_KEY');
  if (read('SANDBOX_CONTROL_URL') !== undefined && key === undefined) {
    problems.push(
      'SANDBOX_CONTROL_KEY: required when SANDBOX_CONTROL_URL is set (the test helpers need their key)',
    );
  }
  return key === undefined || controlUrl === undefined ? null : { url: controlUrl, key };
}

function resolveWebhook(
  read: Read,
  typed: Settings,
  url: (name: string) => string | undefined,
  problems: string[],
): WebhookConfig {
  const tokenHeader = read('WEBHOOK_TOKEN_HEADER')?.toLowerCase();
  if (tokenHeader !== undefined && !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(tokenHeader))
    problems.push(`WEBHOOK_TOKEN_HEADER: expected an HTTP header name, got "${tokenHeader}"`);
  const listenPort = typed.WEBHOOK_LISTEN_PORT;
  const publicUrl = url('WEBHOOK_PUBLIC_URL');
  // A port that is set but wrong is its declaration's problem line; one that is not set is this one.
  if (publicUrl !== undefined && read('WEBHOOK_LISTEN_PORT') === undefined)
    problems.push(
      'WEBHOOK_LISTEN_PORT: required when WEBHOOK_PUBLIC_URL is set (the public URL must lead to a known port)',
    );
  return {
    listenPort,
    publicUrl,
    tokenHeader,
    // Delivery times are not shown (6): a late target is waited for; only a failing run pays it.
    waitMs: typed.WEBHOOK_WAIT_MS,
    quietMs: typed.WEBHOOK_QUIET_MS,
    quietMinMs: typed.WEBHOOK_QUIET_MIN_MS,
    sentinel: typed.WEBHOOK_SENTINEL,
    timeToleranceSeconds: typed.WEBHOOK_TIME_TOLERANCE_S,
  };
}

/**
 * The declared variables' own problems (config/), each for a variable the target's checks above did
 * not already name: every wrong variable once, in the one error the run stops with.
 */
function notYetNamed(problems: readonly string[], declared: readonly string[]): string[] {
  const named = new Set(problems.map((line) => line.split(':', 1)[0]));
  return declared.filter((line) => !named.has(line.split(':', 1)[0]));
}

/** CONFORMANCE_REDIRECT_ORIGIN is read where clients are registered: a bad one is one line here. */
function checkRedirectOrigin(env: Environment, problems: string[]): void {
  try {
    redirectOrigin(env);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
}
