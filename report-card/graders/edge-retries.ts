// CFN-01: after an edge's answer (field notes: an HTML 403, 404 or 5xx from a CDN or firewall), the
// client retries a bounded number of times with a delay: no retry storm. The browser's pages are
// not the client's requests (records.ts clientRequestsOf). A retry is the same request for the same
// user (else party) sent after the client could have read the edge's answer (causality.ts): another dealer's
// identical request, or a worker's sent before the answer left, is none. Nor is a page asked for
// by another crawl: crawls of one filter side by side, sharing a token and a pool of connections,
// ask for the same pages, each its own next page (PageInvitations). Nor, when the run it would
// retry too soon is then retried in time by its own worker, is another crawl's first ask of the
// same page (TooSoonAsks).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { arrivedAfterAnswer, delayAfter, partyOf, reactionTo, restsOn } from '../causality.js';
import { EDGE_ATTEMPTS, EDGE_RETRY_DELAY_MS, isEdgeAnswer, requestKeyOf, requestLabelOf } from '../edge.js';
import { isPage, nextTokenOf, pageTokenOf } from '../listing.js';
import { clientRequestsOf, inArrivalOrder } from '../records.js';
import { failed, passed, notExercised, type Verdict } from '../verdict.js';

/**
 * Each user's open invitations to ask for a page: a page answered naming it as next_token. Read
 * in the order the requests came, a request for a page takes an invitation open when it arrived
 * (a crawl's next page, whichever crawl sent it); one that finds none open asks for the page
 * again. Which crawl sent which is not needed, so a pool that hands one crawl's request the
 * connection another's edge answer came back on confuses nothing. A request the API refused (a
 * token refused, a rate limit) served no page and gives its invitation back: the crawl asks for
 * that page again after a new consent or a pause, its next page still, no retry of an edge's
 * answer to another crawl. One the edge answered keeps it: asked again, it is a retry.
 */
class PageInvitations {
  private readonly open = new Map<string, number>();

  /** Notes `request`; true when it took an open invitation: a crawl's next page, no page asked for again. */
  nextPage(request: RequestRecord): boolean {
    if (request.endpoint !== 'listing') return false;
    const token = pageTokenOf(request);
    let invited = false;
    if (token !== undefined) {
      const open = this.open.get(this.keyOf(request, token)) ?? 0;
      invited = open > 0;
      const servedOrEdge = isPage(request) || isEdgeAnswer(request);
      if (invited && servedOrEdge) this.open.set(this.keyOf(request, token), open - 1);
    }
    const next = isPage(request) ? nextTokenOf(request) : undefined;
    if (typeof next === 'string')
      this.open.set(this.keyOf(request, next), (this.open.get(this.keyOf(request, next)) ?? 0) + 1);
    return invited;
  }

  private keyOf(request: RequestRecord, token: string): string {
    return JSON.stringify([request.login ?? partyOf(request), token]);
  }
}

/** What is wrong with the retry `next` of the request `previous` the edge answered, or undefined. */
function retryFault(
  previous: RequestRecord,
  next: RequestRecord,
  run: readonly RequestRecord[],
): string | undefined {
  const delay = delayAfter(previous, next);
  if (delay < EDGE_RETRY_DELAY_MS)
    return `request #${next.seq} retried ${requestLabelOf(next)} ${Math.round(delay)} ms after the edge's answer to #${previous.seq}: at least ${EDGE_RETRY_DELAY_MS} ms`;
  if (run.length >= EDGE_ATTEMPTS)
    return `request #${next.seq} was attempt ${run.length + 1} of ${requestLabelOf(next)} after ${run.length} edge answers in a row: at most ${EDGE_ATTEMPTS} attempts`;
  return undefined;
}

/** What a request sent again was, as far as the runs of edge answers tell. */
type Again =
  | { kind: 'new' }
  /** `alone`: the only run it fits (a retry that fits several is no proof of whose it was). */
  | { kind: 'retry'; run: RequestRecord[]; alone: boolean }
  /** `previous`: the run's last edge answer, which the request could have read. */
  | { kind: 'too soon'; run: RequestRecord[]; previous: RequestRecord; fault: string };

/**
 * The runs of edge answers a request may retry: several workers may each retry the same request
 * (crawls side by side whose pages were refused alike), each with its own delay, so a request
 * again is held to the first run it retries in time and within the bound; it is too soon only
 * when it fits none, and could have read one.
 */
class EdgeRuns {
  private readonly runs = new Map<string, RequestRecord[][]>();

  /** A new request (no retry): a run of its own when the edge answered it. */
  asked(key: string, request: RequestRecord): void {
    if (isEdgeAnswer(request)) this.runs.set(key, [...(this.runs.get(key) ?? []), [request]]);
  }

  /**
   * `request` sent again: a retry of the run it fits; too soon when it fits no run it could have
   * read (then it is also a run of its own, as another worker's ask would be); new when there was
   * none to retry (or none it could have read).
   */
  again(key: string, request: RequestRecord, records: readonly JournalRecord[]): Again {
    const runs = this.runs.get(key) ?? [];
    // A run it retries in time, whether or not the card can tell it read that run's last answer.
    const fittingRuns = runs.filter((run) => {
      const last = run.at(-1) as RequestRecord;
      return arrivedAfterAnswer(last, request) && retryFault(last, request, run) === undefined;
    });
    const [fitting] = fittingRuns;
    if (fitting !== undefined) {
      if (isEdgeAnswer(request)) fitting.push(request);
      else
        this.runs.set(
          key,
          runs.filter((run) => run !== fitting),
        );
      return { kind: 'retry', run: fitting, alone: fittingRuns.length === 1 };
    }
    const readable = runs.find(
      (run) => reactionTo(run.at(-1) as RequestRecord, request, records) !== undefined,
    );
    // On its way when those answers left (another worker's own ask): a run of its own.
    this.asked(key, request);
    if (readable === undefined) return { kind: 'new' };
    const previous = readable.at(-1) as RequestRecord;
    return {
      kind: 'too soon',
      run: readable,
      previous,
      fault: `${retryFault(previous, request, readable) ?? ''} (shown by ${restsOn(reactionTo(previous, request, records))})`,
    };
  }
}

/** A request too soon after a run of edge answers, held until the run's own retry may excuse it. */
interface TooSoon {
  fault: string;
  previous: RequestRecord;
  request: RequestRecord;
}

/**
 * How long after a run's last edge answer its own retry may come and excuse a request that came
 * too soon: a bounded backoff's longest wait (six attempts from 250 ms, doubling) with room to spare.
 */
export const EDGE_RETRY_WINDOW_MS = 30_000;

/**
 * Requests that came too soon after a run of edge answers, by run. A run retried in time within
 * EDGE_RETRY_WINDOW_MS shows its own worker waited: one request too soon before it was then
 * another worker's own ask of the same request (a second crawl of one filter started meanwhile,
 * its first page), and goes free. A storm is not excused: its attempts outnumber the run's
 * retries in time, and a lone immediate retry that was served leaves no retry in time behind.
 * The price, stated: a client that stormed once and asked the same again within the window
 * (another crawl of the filter) is not seen.
 */
class TooSoonAsks {
  private readonly byRun = new Map<RequestRecord[], TooSoon[]>();

  held(run: RequestRecord[], ask: TooSoon): void {
    this.byRun.set(run, [...(this.byRun.get(run) ?? []), ask]);
  }

  /** `retry` retried `run` in time: the run's earliest ask too soon goes free, within the window. */
  retried(run: RequestRecord[], retry: RequestRecord): void {
    const asks = this.byRun.get(run) ?? [];
    const last = run.at(-1) as RequestRecord;
    if (asks.length > 0 && delayAfter(last, retry) <= EDGE_RETRY_WINDOW_MS)
      this.byRun.set(run, asks.slice(1));
  }

  first(): TooSoon | undefined {
    return [...this.byRun.values()].flat().sort((a, b) => a.request.seq - b.request.seq)[0];
  }
}

export function gradeEdgeRetries(records: readonly JournalRecord[]): Verdict {
  const runs = new EdgeRuns();
  const tooSoon = new TooSoonAsks();
  let edgeAnswers = 0;
  let retries = 0;
  const invitations = new PageInvitations();
  // In the order the requests came: an edge's latency answers one late, journaled after later ones.
  const arrived = inArrivalOrder(clientRequestsOf(records));
  for (const request of arrived) {
    // The user's request (a worker that met the edge may retry with the token a new consent gave).
    const key = JSON.stringify([request.login ?? partyOf(request), requestKeyOf(request)]);
    if (isEdgeAnswer(request)) edgeAnswers += 1;
    // Another crawl's next page (or this crawl's first ask for it): no retry.
    if (invitations.nextPage(request)) {
      runs.asked(key, request);
      continue;
    }
    const outcome = runs.again(key, request, records);
    if (outcome.kind === 'retry') {
      retries += 1;
      if (outcome.alone) tooSoon.retried(outcome.run, request);
    } else if (outcome.kind === 'too soon')
      tooSoon.held(outcome.run, { fault: outcome.fault, previous: outcome.previous, request });
  }
  const first = tooSoon.first();
  if (first !== undefined) return failed(first.fault, first.previous, first.request);
  if (edgeAnswers === 0) return notExercised("no edge's answer in the journal");
  return passed(
    retries === 0
      ? `${edgeAnswers} edge answer(s); no retry was made`
      : `${edgeAnswers} edge answer(s), ${retries} retried, each at least ${EDGE_RETRY_DELAY_MS} ms after the answer, at most ${EDGE_ATTEMPTS} attempts in a row`,
  );
}
