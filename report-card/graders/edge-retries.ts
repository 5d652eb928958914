// CFN-01: after an edge's answer (field notes: an HTML 403, 404 or 5xx from a CDN or firewall), the
// client retries a bounded number of times with a delay: no retry storm. The browser's pages are
// not the client's requests (records.ts clientRequestsOf). A retry is the same request for the same
// user (else party) sent after the client could have read the edge's answer (causality.ts): another dealer's
// identical request, or a worker's sent before the answer left, is none. Nor is a page asked for
// by another crawl: crawls of one filter side by side, sharing a token and a pool of connections,
// ask for the same pages, each its own next page (PageInvitations).
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { arrivedAfterAnswer, delayAfter, partyOf, sentAfterReading } from '../causality.js';
import { EDGE_ATTEMPTS, EDGE_RETRY_DELAY_MS, isEdgeAnswer, requestKeyOf, requestLabelOf } from '../edge.js';
import { isPage, nextTokenOf, pageTokenOf } from '../listing.js';
import { clientRequestsOf, timeOf } from '../records.js';
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

/**
 * The runs of edge answers a request may retry: several workers may each retry the same request
 * (crawls side by side whose pages were refused alike), each with its own delay, so a request
 * again is held to the first run it retries in time and within the bound; it fails only when it
 * fits none, and could have read one.
 */
class EdgeRuns {
  private readonly runs = new Map<string, RequestRecord[][]>();

  /** A new request (no retry): a run of its own when the edge answered it. */
  asked(key: string, request: RequestRecord): void {
    if (isEdgeAnswer(request)) this.runs.set(key, [...(this.runs.get(key) ?? []), [request]]);
  }

  /**
   * `request` sent again: its fault when it fits no run it could have read, 'retry' when it
   * retried one, 'new' when there was none to retry (or none it could have read).
   */
  again(
    key: string,
    request: RequestRecord,
    records: readonly JournalRecord[],
  ): { fault: string } | 'retry' | 'new' {
    const runs = this.runs.get(key) ?? [];
    // A run it retries in time, whether or not the card can tell it read that run's last answer.
    const fitting = runs.find((run) => {
      const last = run.at(-1) as RequestRecord;
      return arrivedAfterAnswer(last, request) && retryFault(last, request, run) === undefined;
    });
    const readable = runs.filter((run) => sentAfterReading(run.at(-1) as RequestRecord, request, records));
    if (fitting === undefined && readable.length === 0) {
      // On its way when those answers left (another worker's own ask): a run of its own.
      this.asked(key, request);
      return 'new';
    }
    if (fitting === undefined) {
      const [first] = readable as [RequestRecord[]];
      return { fault: retryFault(first.at(-1) as RequestRecord, request, first) ?? '' };
    }
    if (isEdgeAnswer(request)) fitting.push(request);
    else
      this.runs.set(
        key,
        runs.filter((run) => run !== fitting),
      );
    return 'retry';
  }

  previousOf(
    key: string,
    request: RequestRecord,
    records: readonly JournalRecord[],
  ): RequestRecord | undefined {
    return (this.runs.get(key) ?? [])
      .map((run) => run.at(-1) as RequestRecord)
      .find((last) => sentAfterReading(last, request, records));
  }
}

export function gradeEdgeRetries(records: readonly JournalRecord[]): Verdict {
  const runs = new EdgeRuns();
  let edgeAnswers = 0;
  let retries = 0;
  const invitations = new PageInvitations();
  // In the order the requests came: an edge's latency answers one late, journaled after later ones.
  const arrived = [...clientRequestsOf(records)].sort((a, b) => timeOf(a) - timeOf(b) || a.seq - b.seq);
  for (const request of arrived) {
    // The user's request (a worker that met the edge may retry with the token a new consent gave).
    const key = JSON.stringify([request.login ?? partyOf(request), requestKeyOf(request)]);
    if (isEdgeAnswer(request)) edgeAnswers += 1;
    // Another crawl's next page (or this crawl's first ask for it): no retry.
    if (invitations.nextPage(request)) {
      runs.asked(key, request);
      continue;
    }
    const previous = runs.previousOf(key, request, records);
    const outcome = runs.again(key, request, records);
    if (outcome === 'retry') retries += 1;
    else if (outcome !== 'new')
      return failed(outcome.fault, ...(previous === undefined ? [] : [previous]), request);
  }
  if (edgeAnswers === 0) return notExercised("no edge's answer in the journal");
  return passed(
    retries === 0
      ? `${edgeAnswers} edge answer(s); no retry was made`
      : `${edgeAnswers} edge answer(s), ${retries} retried, each at least ${EDGE_RETRY_DELAY_MS} ms after the answer, at most ${EDGE_ATTEMPTS} attempts in a row`,
  );
}
