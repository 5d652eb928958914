import { CLIENT_REQUIREMENTS, type ClientRequirement } from '../../spec/requirements/client.js';
import { gradedLast } from '../same-mistake.js';
import type { Grade } from '../verdict.js';
import { gradeAuthorizationRefusal } from './authorization-refusal.js';
import { gradeCodeLifetime } from './code-lifetime.js';
import { gradeDeleteMethod } from './delete-method.js';
import { gradeEdgeReadRetried } from './edge-read-retried.js';
import { gradeRetiredListing } from './retired-listing.js';
import { gradeScopeValues } from './scope-values.js';
import { gradeSingleConfiguration } from './single-configuration.js';
import { gradeCodeOnce } from './code-once.js';
import { gradeDeniedToken } from './denied-token.js';
import { gradeEdgeRetries } from './edge-retries.js';
import { gradeFetchSize } from './fetch-size.js';
import { gradeFollowNextToken } from './follow-next-token.js';
import { gradeForgedDelivery } from './forged-delivery.js';
import { gradePacedResume } from './paced-resume.js';
import { gradePageCycle } from './page-cycle.js';
import { gradePageTokenOrigin } from './page-token-origin.js';
import { gradeRateLimitWait } from './rate-limit-wait.js';
import { gradeRefusedCatalogId } from './refused-catalog-id.js';
import { gradeRegisteredRedirect } from './registered-redirect.js';
import { gradeRepeatedDelivery } from './repeated-delivery.js';
import { gradeSameRedirect } from './same-redirect.js';
import { gradeSecretPlacement } from './secret-placement.js';
import { gradeStateSent } from './state-sent.js';
import { gradeStopAtNull } from './stop-at-null.js';
import { gradeTokenInUrl } from './token-in-url.js';
import { gradeTokenPlacement } from './token-placement.js';
import { gradeUnknownStatusDelivery } from './unknown-status-delivery.js';
import { gradeUnknownStatusListing } from './unknown-status-listing.js';
import { gradeValidDelivery } from './valid-delivery.js';

/** The one table: each client requirement's grader (a pure function of one client's records). */
const GRADERS: Readonly<Record<string, Grade>> = {
  'C2.2-01': gradeCodeOnce,
  'C2.2-02': gradeCodeLifetime,
  'C2.6-01': gradeRefusedCatalogId,
  'C3-01': gradeUnknownStatusListing,
  'C3-02': gradeUnknownStatusDelivery,
  'C4-01': gradeTokenPlacement,
  'C4-02': gradeTokenInUrl,
  'C4.1-01': gradeRegisteredRedirect,
  'C4.1-02': gradeStateSent,
  'C4.2-01': gradeSameRedirect,
  'C4.4-01': gradePageTokenOrigin,
  'C4.4-02': gradeFollowNextToken,
  'C4.4-03': gradeStopAtNull,
  'C4.4-04': gradePageCycle,
  'C4.4-05': gradeFetchSize,
  'C4.6-01': gradeDeleteMethod,
  'C4.6-02': gradeSingleConfiguration,
  'C5-01': gradeSecretPlacement,
  'C5-02': gradeScopeValues,
  'C6-01': gradeValidDelivery,
  'C6-02': gradeForgedDelivery,
  'C6-03': gradeRepeatedDelivery,
  'C7-01': gradeAuthorizationRefusal,
  'C7.3-01': gradeRateLimitWait,
  'C7.3-02': gradePacedResume,
  'C7.3-03': gradeDeniedToken,
  'C9-01': gradeRetiredListing,
  'CFN-01': gradeEdgeRetries,
  'CFN-02': gradeEdgeReadRetried,
};

export interface GradedRequirement {
  requirement: ClientRequirement;
  grade: Grade;
  /** Graded after every other, with their failures' evidence (GradeContext). */
  last: boolean;
}

/** Every client requirement with its grader, in the catalogue's order; a requirement without one throws. */
export function gradedRequirements(): GradedRequirement[] {
  return CLIENT_REQUIREMENTS.map((requirement) => {
    const grade = GRADERS[requirement.id];
    if (grade === undefined)
      throw new Error(`client requirement ${requirement.id} has no grader in report-card/graders/index.ts`);
    return { requirement, grade, last: gradedLast(requirement.id) };
  });
}
