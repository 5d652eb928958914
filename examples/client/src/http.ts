import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';

/**
 * Every call the client makes goes through here: one place that knows what production does between
 * the client and the API (field notes) and what the spec asks after RATE_LIMIT (7.3).
 * - An edge (CDN, firewall) may answer with an HTML page (403, 404, 5xx), reset the connection or
 *   hold it: retried at most `edgeRetries` times, `edgeDelayMs` and more apart (doubling).
 * - RATE_LIMIT (429, `reason`, the token endpoint's `error_description`, the import's statusCode
 *   -2): every call waits the block out (at least a second, then longer), and after it the client
 *   goes on at a slower, paced rate.
 * - ACCESS_DENIED / ACCESS_TOKEN_NOT_FOUND: the token is dead; it is never sent again.
 *
 * Why not undici's `RetryAgent` (undici is this client's one dependency already): it decides on
 * the status code and headers before the body is read, so it cannot tell an edge's HTML 503 from
 * the API's JSON 503, which must never be retried (an answer of the API is the API's word, and the
 * report card counts every retry); it would retry on Retry-After or a status list, where the spec's
 * RATE_LIMIT is read from the body (`reason`, `error_description`, the import's statusCode -2) and
 * waited out across every call of the client, not one request; and it cannot stop a token once
 * refused. The loop below is those three rules and nothing else.
 */

export interface Answer {
  /** 0 when no answer came (a reset, a connection held past the timeout). */
  status: number;
  text: string;
  /** The body as JSON, or undefined when it is not JSON (an edge's HTML page). */
  json: unknown;
  html: boolean;
}

export interface Request {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The token the request carries (header or body), checked against the dead ones first. */
  token?: string;
}

export interface HttpOptions {
  /** PEM of an extra CA to trust (a sandbox's own). */
  caFile?: string;
  /** How long one call may take. Longer than an edge holds a connection, so its close is seen. */
  timeoutMs?: number;
  edgeRetries?: number;
  edgeDelayMs?: number;
  /**
   * Pause between calls once a rate-limit block has ended: a little over a second, a rate no
   * per-second limit refuses, and slower than whatever rate got the client blocked.
   */
  pacedIntervalMs?: number;
  userAgent?: string;
  log?: (line: string) => void;
}

/** The edge answered every attempt: not the API's answer, so nothing to conclude about the API. */
export class EdgeError extends Error {}
/** The token was refused as unknown or revoked: the user must consent again (no refresh grant). */
export class TokenRevoked extends Error {}

const DENIED = new Set(['ACCESS_DENIED', 'ACCESS_TOKEN_NOT_FOUND']);
const FIRST_BLOCK_PAUSE_MS = 1500;
const LONGEST_BLOCK_PAUSE_MS = 20_000;
const MOST_BLOCKED_ATTEMPTS = 30;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(json: unknown, name: string): unknown {
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined;
}

export function isEdgeAnswer(answer: Answer): boolean {
  if (answer.status === 0) return true;
  return answer.status >= 400 && answer.json === undefined && (answer.html || answer.status >= 500);
}

export function isRateLimited(answer: Answer): boolean {
  const description = field(answer.json, 'error_description');
  return (
    answer.status === 429 ||
    field(answer.json, 'reason') === 'RATE_LIMIT' ||
    (typeof description === 'string' && description.startsWith('RATE_LIMIT')) ||
    field(answer.json, 'statusCode') === -2
  );
}

export function isTokenDenied(answer: Answer): boolean {
  const reason = field(answer.json, 'reason');
  return (answer.status === 401 || answer.status === 403) && typeof reason === 'string' && DENIED.has(reason);
}

export class Http {
  private readonly agent: Agent;
  private readonly dead = new Set<string>();
  private notBefore = 0;
  private pacedInterval = 0;
  private lastStart = 0;

  constructor(private readonly options: HttpOptions = {}) {
    this.agent = new Agent(
      options.caFile === undefined ? {} : { connect: { ca: readFileSync(options.caFile, 'utf8') } },
    );
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  /** One attempt, whatever comes back. */
  async once(url: string, request: Request = {}): Promise<Answer> {
    try {
      const response = await fetch(url, {
        method: request.method ?? 'GET',
        headers: { 'user-agent': this.options.userAgent ?? 'reference-client/1', ...request.headers },
        redirect: 'manual',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      return { status: response.status, text, json: parsed(text), html: type.includes('html') };
    } catch {
      return { status: 0, text: '', json: undefined, html: false };
    }
  }

  /** Waits for the client's turn: after a block, until it ends; then at the paced rate. */
  private async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(this.notBefore, this.lastStart + this.pacedInterval);
    if (at > now) await sleep(at - now);
    this.lastStart = Date.now();
  }

  /** The call, through the edge and the rate limit; throws EdgeError or TokenRevoked. */
  async send(url: string, request: Request = {}): Promise<Answer> {
    let edgeAnswers = 0;
    let blocks = 0;
    for (;;) {
      if (request.token !== undefined && this.dead.has(request.token))
        throw new TokenRevoked('the token was refused before: consent again');
      await this.turn();
      const answer = await this.once(url, request);
      if (isRateLimited(answer) && blocks < MOST_BLOCKED_ATTEMPTS) {
        blocks += 1;
        this.blocked(blocks);
        continue;
      }
      if (blocks > 0) this.resumed();
      if (isEdgeAnswer(answer)) {
        edgeAnswers += 1;
        if (edgeAnswers > (this.options.edgeRetries ?? 4))
          throw new EdgeError(
            `${request.method ?? 'GET'} ${new URL(url).pathname}: the edge answered ${edgeAnswers} times`,
          );
        const delay = (this.options.edgeDelayMs ?? 400) * 2 ** (edgeAnswers - 1);
        this.log(`edge answer (HTTP ${answer.status}) to ${new URL(url).pathname}; retry in ${delay} ms`);
        await sleep(delay);
        continue;
      }
      if (request.token !== undefined && isTokenDenied(answer)) {
        this.dead.add(request.token);
        throw new TokenRevoked(
          `${new URL(url).pathname} refused the token (${text(field(answer.json, 'reason'))})`,
        );
      }
      return answer;
    }
  }

  /** Every call of the client waits: a second and a half, then longer while the block lasts. */
  private blocked(attempt: number): void {
    const pause = Math.min(FIRST_BLOCK_PAUSE_MS * 2 ** (attempt - 1), LONGEST_BLOCK_PAUSE_MS);
    this.notBefore = Math.max(this.notBefore, Date.now() + pause);
    this.log(`RATE_LIMIT: every call waits ${pause} ms`);
  }

  /** The block is over: from now on the client goes at most one call per paced interval. */
  private resumed(): void {
    this.pacedInterval = Math.max(this.pacedInterval, this.options.pacedIntervalMs ?? 1100);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** A JSON value as text when it is a string or a number; `fallback` otherwise. */
function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

export { field, text };
