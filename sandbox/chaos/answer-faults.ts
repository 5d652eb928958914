import type { ChaosDecision } from '../../spec/journal.js';
import type { Turn } from './chaos.js';
import type { PageForms } from './page-forms.js';
import { STATUSES_OUTSIDE_THE_SPEC } from './profiles.js';

/**
 * The answer stage's faults, on the listing's answer on its way out (a wrapper around what the
 * listing sends, never inside it): listed ads with statuses outside section 3, the next page
 * token in another form, an empty page after the last, a next page token naming the page itself.
 */

interface ListingAnswer {
  data?: unknown;
  next_token?: unknown;
  current_token?: unknown;
}

function otherStatuses(answer: ListingAnswer, turn: Turn): ChaosDecision | null {
  if (!Array.isArray(answer.data)) return null;
  let changed = 0;
  let fired: ChaosDecision | null = null;
  for (const item of answer.data as unknown[]) {
    const decision = turn.chance('other-status', 'listing');
    const status = STATUSES_OUTSIDE_THE_SPEC[Math.floor(turn.draws() * STATUSES_OUTSIDE_THE_SPEC.length)];
    if (decision === null || item === null || typeof item !== 'object') continue;
    (item as Record<string, unknown>).status = status;
    changed += 1;
    fired = decision;
  }
  return fired === null ? null : { ...fired, detail: `${changed} of ${answer.data.length} items` };
}

/** The listing's answer with the answer-stage faults applied; the decisions taken. */
export function listingAnswerFaults(
  payload: string,
  turn: Turn,
  forms: PageForms,
  asked: { place: number; pageToken: string | undefined },
): { payload: string; decisions: ChaosDecision[] } {
  let answer: ListingAnswer;
  try {
    answer = JSON.parse(payload) as ListingAnswer;
  } catch {
    return { payload, decisions: [] };
  }
  const decisions: ChaosDecision[] = [];
  const statuses = otherStatuses(answer, turn);
  if (statuses !== null) decisions.push(statuses);
  const next = answer.next_token;
  const form = turn.chance('token-form', 'listing');
  const empty = turn.chance('empty-last-page', 'listing');
  if (typeof next === 'string' && next !== '' && form !== null) {
    answer.next_token = forms.reencoded(turn.clientId, next);
    decisions.push({ ...form, detail: 'next_token re-encoded as padded base64' });
  }
  const last = next === null || next === undefined || next === '';
  if (last && Array.isArray(answer.data) && answer.data.length > 0 && empty !== null) {
    answer.next_token = forms.emptyPage(turn.clientId, turn.inForce.seed, asked.place);
    decisions.push({ ...empty, detail: 'a next_token to an empty last page' });
  }
  // Drawn last, so that the draws of the faults above stay those of the same seed before it.
  const cycle = turn.chance('page-cycle', 'listing');
  if (cycle !== null && !last && asked.pageToken !== undefined && asked.pageToken !== '') {
    answer.next_token = asked.pageToken;
    decisions.push({ ...cycle, detail: 'next_token names the page just fetched' });
  }
  return decisions.length === 0 ? { payload, decisions } : { payload: JSON.stringify(answer), decisions };
}
