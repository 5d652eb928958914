import { CATALOG_PREFIX } from '../../spec/paths.js';
import { isSuccess, parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { rateLimitPause } from './rate-limit-pacing.js';
import { bodyForm } from '../profile/forms.js';
import { pathKey, SNAPSHOT_CHAINS, type CatalogNode, type CatalogSnapshot } from '../profile/catalog-tree.js';

/** Sends one lookup (POST, {access_token}) to a path under {apps_url}. */
export type LookupSender = (path: string) => Promise<HttpExchange>;

/** The longest a RATE_LIMIT (or 429) answer is waited out in all, before the walk stops. */
const PACING_LIMIT_MS = 120_000;

const CUBIC_SEGMENT = SNAPSHOT_CHAINS['motorcycle cubic capacities'].segment;

interface Pending {
  node: CatalogNode;
  /** Names from the chain down. */
  path: string[];
  /** The path under CATALOG_PREFIX: the chain's segment and the ids chosen. */
  segments: string[];
  /** Links still to look up below this one, itself included. */
  depth: number;
}

export interface WalkResult {
  snapshot: CatalogSnapshot;
  requests: number;
  /** The first lookup that did not answer a catalog, for the test to show. */
  firstFailure?: HttpExchange;
}

/**
 * Lookups in flight at once by default: a far target costs a round trip per lookup, and a chain's
 * lookups below one entry do not wait on its siblings'; four stays a small part of any limit a
 * marketplace states (production allows 5,000 requests a minute per address).
 */
export const WALK_CONCURRENCY = 4;

/**
 * Every lookup chain of 4.5, breadth first, within `budget` requests (retries after RATE_LIMIT
 * count), `concurrency` at a time; a RATE_LIMIT holds every lookup until its pause is over. Lookups
 * under a path of `first` (the last run's unreached ones) go before the others, so that consecutive
 * runs cover the whole catalog.
 */
export class CatalogWalk {
  private readonly urgent: Pending[] = [];
  private readonly rest: Pending[] = [];
  private requests = 0;
  private pausedMs = 0;
  private firstFailure: HttpExchange | undefined;
  private inFlight = 0;
  private stopped = false;
  /** No lookup is sent before this time: the end of the last RATE_LIMIT pause. */
  private pausedUntil = 0;
  /** Lookups with nothing to take, woken when one in flight ends (it may queue its children). */
  private idle: Array<() => void> = [];

  /** Every entry above a lookup of `first`: they must be looked up to reach it. */
  private readonly onTheWay = new Set<string>();

  constructor(
    private readonly send: LookupSender,
    private readonly budget: number,
    private readonly first: ReadonlySet<string>,
    private readonly concurrency: number = WALK_CONCURRENCY,
  ) {
    for (const key of first) {
      const names = key.split(' / ');
      for (let end = 1; end < names.length; end += 1) this.onTheWay.add(pathKey(names.slice(0, end)));
    }
  }

  async run(): Promise<WalkResult> {
    const snapshot: CatalogSnapshot = {};
    for (const [chain, { segment, depth }] of Object.entries(SNAPSHOT_CHAINS)) {
      const root: CatalogNode = { id: segment, unreached: true };
      snapshot[chain] = root;
      this.rest.push({ node: root, path: [chain], segments: [segment], depth });
    }
    await Promise.all(Array.from({ length: Math.max(1, this.concurrency) }, () => this.lookUpInTurn()));
    return {
      snapshot,
      requests: this.requests,
      ...(this.firstFailure === undefined ? {} : { firstFailure: this.firstFailure }),
    };
  }

  /** One of `concurrency` loops: takes the next lookup until none is left and none is in flight. */
  private async lookUpInTurn(): Promise<void> {
    while (!this.stopped) {
      const next = this.take();
      if (next === undefined) {
        if (this.inFlight === 0) break;
        await new Promise<void>((resolve) => this.idle.push(resolve));
        continue;
      }
      this.inFlight += 1;
      const goOn = await this.lookUp(next);
      this.inFlight -= 1;
      if (!goOn) this.stopped = true;
      for (const wake of this.idle.splice(0)) wake();
    }
  }

  private take(): Pending | undefined {
    return this.urgent.shift() ?? this.rest.shift();
  }

  /** False when the budget or the pacing allowance is spent: the walk ends there. */
  private async lookUp(pending: Pending): Promise<boolean> {
    for (;;) {
      const wait = this.pausedUntil - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.stopped || this.requests >= this.budget) return false;
      this.requests += 1;
      const exchange = await this.send(`${CATALOG_PREFIX}/${pending.segments.join('/')}`);
      const pause = rateLimitPause(exchange) ?? (exchange.response.status === 429 ? 1000 : null);
      if (pause === null) {
        this.record(pending, exchange);
        return true;
      }
      // Lookups in flight together meet one limit: its pause is counted and waited once.
      if (this.pausedUntil <= Date.now()) {
        if (this.pausedMs + pause > PACING_LIMIT_MS) return false;
        this.pausedMs += pause;
        this.pausedUntil = Date.now() + pause;
      }
    }
  }

  private record(pending: Pending, exchange: HttpExchange): void {
    const { node } = pending;
    delete node.unreached;
    const body = parseJsonBody(exchange) as { status?: unknown; data?: unknown } | undefined;
    const data = body?.data;
    if (!isSuccess(exchange.response.status) || body?.status !== 'ok' || !isMap(data)) {
      node.failed = `HTTP ${exchange.response.status} ${bodyForm(exchange.response.body, undefined)}`;
      this.firstFailure ??= exchange;
      return;
    }
    node.children = {};
    for (const [name, id] of Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1))) {
      // The cubic capacities map an id to a label: the label is the entry's name there.
      const [entry, entryId] = pending.segments[0] === CUBIC_SEGMENT ? [String(id), name] : [name, id];
      const child: CatalogNode = { id: entryId as number | string };
      node.children[entry] = child;
      if (pending.depth > 1 && typeof id === 'number') this.queue(pending, entry, child, id);
    }
  }

  private queue(parent: Pending, name: string, child: CatalogNode, id: number): void {
    child.unreached = true;
    const path = [...parent.path, name];
    const pending = {
      node: child,
      path,
      segments: [...parent.segments, String(id)],
      depth: parent.depth - 1,
    };
    // On the way to a lookup the last run missed, or below one.
    const urgent =
      this.onTheWay.has(pathKey(path)) ||
      path.some((_, end) => this.first.has(pathKey(path.slice(0, end + 1))));
    (urgent ? this.urgent : this.rest).push(pending);
  }
}

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
