// C5-01: the client secret is sent only to the token endpoint, over HTTPS POST, as the form field
// client_secret (4.2): never in a URL, a header (HTTP Basic included) or to another endpoint.
import type { JournalRecord, RequestRecord } from '../../spec/journal.js';
import { requestsOf } from '../records.js';
import { failedAtFirst, passedIf, type Verdict } from '../verdict.js';

/** What is wrong with where a request carried the secret, or undefined. */
function misplacement(request: RequestRecord): string | undefined {
  const places = [
    ...(request.credentials.secret_in ?? []),
    ...(request.credentials.basic === true ? ['header'] : []),
  ];
  if (places.length === 0) return undefined;
  if (request.endpoint !== 'token') return `to the ${request.endpoint} endpoint (${places.join(', ')})`;
  if (places.includes('query')) return 'in the URL of the token request';
  if (places.includes('header'))
    return 'in a header of the token request (the specification asks for the form field)';
  if (request.method.toUpperCase() !== 'POST') return `with ${request.method}, not POST`;
  if (request.scheme !== 'https') return 'over plain HTTP';
  return undefined;
}

export function gradeSecretPlacement(records: readonly JournalRecord[]): Verdict {
  const carrying = requestsOf(records).filter(
    (request) => request.endpoint === 'token' || (request.credentials.secret_in ?? []).length > 0,
  );
  const failures = carrying.flatMap((request) => {
    const wrong = misplacement(request);
    return wrong === undefined
      ? []
      : [
          {
            why: `request #${request.seq} (${request.method} ${request.path}) sent the client secret ${wrong}`,
            evidence: [request],
          },
        ];
  });
  return (
    failedAtFirst(failures) ??
    passedIf(carrying.length, 'token request(s), the secret only in the HTTPS POST body', 'no token request')
  );
}
