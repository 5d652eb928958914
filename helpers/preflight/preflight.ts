import { BrokenEnvironmentError } from '../target/broken-environment.js';
import { HttpClient } from '../clients/http.js';
import { PUBLISHED_PATH } from '../../spec/paths.js';
import type { TargetConfig } from '../target/target.js';
import { checkCredentials, type CredentialFindings } from './credential-check.js';

/** Short: a preflight that waits the full request timeout would delay every run against a dead target. */
const PREFLIGHT_TIMEOUT_MS = 5_000;

/**
 * Checks, before any test, that both servers answer over HTTP at all: a refused connection, a
 * timeout, a TLS failure or a gateway's HTML error page is the one-line cause returned (every
 * test is then reported broken with it, at once). Any other answer, even a wrong one, passes: the
 * tests judge it.
 */
export async function preflight(target: TargetConfig): Promise<string | null> {
  const http = new HttpClient({ caFile: target.caFile, timeoutMs: PREFLIGHT_TIMEOUT_MS });
  try {
    const causes = await Promise.all([
      probe(http, `${target.authUrl}/oauth/token`),
      probe(http, `${target.appsUrl}${PUBLISHED_PATH}`),
    ]);
    return causes.find((cause) => cause !== null) ?? null;
  } finally {
    await http.close();
  }
}

async function probe(http: HttpClient, url: string): Promise<string | null> {
  try {
    await http.send({ method: 'GET', url, quiet: true });
    return null;
  } catch (error) {
    if (error instanceof BrokenEnvironmentError) return error.message.split('\n')[0] ?? error.message;
    throw error;
  }
}

/**
 * The configured clients' secrets, tried once each against the token endpoint with a code that
 * cannot exist (helpers/preflight/credential-check.ts). A connection lost meanwhile is a warning: the
 * tests meet it and say so.
 */
export async function preflightCredentials(target: TargetConfig): Promise<CredentialFindings> {
  const http = new HttpClient({ caFile: target.caFile, timeoutMs: PREFLIGHT_TIMEOUT_MS });
  try {
    return await checkCredentials(http, target);
  } catch (error) {
    if (!(error instanceof BrokenEnvironmentError)) throw error;
    const cause = error.message.split('\n')[0] ?? error.message;
    return { problems: [], warnings: [`the client secrets could not be checked at the start: ${cause}`] };
  } finally {
    await http.close();
  }
}
