import { randomBytes } from 'node:crypto';
import type { HttpClient } from '../clients/http.js';
import type { ConfiguredClient, TargetConfig } from '../target/target.js';

/**
 * What the credentials check found before any test: `problems` stop the run (one line each, naming
 * the variable), `warnings` are said and the run goes on.
 */
export interface CredentialFindings {
  problems: string[];
  warnings: string[];
}

/** How the token endpoint answered one attempt: its `error`, or what it was instead. */
type Answer = { error: string } | { other: string };

/**
 * Each configured client's credentials against the token endpoint, before any test: a token request
 * with the configured id and secret and a code that cannot exist. A server that authenticates the
 * client first answers `invalid_grant` for a right secret and `invalid_client` for a wrong one (7.2);
 * nothing is consumed either way, the code being no code. The spec sends the secret in the form body
 * (4.2); when that is refused, HTTP Basic (RFC 6749 2.3.1) is tried, so that a server wanting Basic
 * is a warning (its tests judge it), not a refused run. Any other answer cannot tell a wrong secret
 * from a right one (a server that checks the code before the client, a deviating error body): a
 * warning, never a refusal.
 */
export async function checkCredentials(http: HttpClient, target: TargetConfig): Promise<CredentialFindings> {
  const findings: CredentialFindings = { problems: [], warnings: [] };
  const clients: Array<[string, ConfiguredClient | null]> = [
    ['TARGET_CLIENT', target.client],
    ['TARGET_CLIENT2', target.client2],
  ];
  for (const [prefix, client] of clients)
    if (client !== null) await checkClient(http, target.authUrl, prefix, client, findings);
  return findings;
}

async function checkClient(
  http: HttpClient,
  authUrl: string,
  prefix: string,
  client: ConfiguredClient,
  findings: CredentialFindings,
): Promise<void> {
  const inBody = await tokenAttempt(http, authUrl, client, 'body');
  if ('error' in inBody && inBody.error === 'invalid_grant') return;
  if (!('error' in inBody && inBody.error === 'invalid_client')) {
    findings.warnings.push(
      `${prefix}_SECRET could not be checked at the start: the token endpoint answered a code that cannot exist with ${describe(inBody)}, not invalid_grant or invalid_client (7.2); a wrong secret would show as failures of the token tests`,
    );
    return;
  }
  const byBasic = await tokenAttempt(http, authUrl, client, 'basic');
  if ('error' in byBasic && byBasic.error === 'invalid_grant') {
    findings.warnings.push(
      `${prefix}_SECRET is accepted by HTTP Basic only: the token endpoint refused it in the form body (invalid_client), where the specification sends it (4.2); the token tests judge this`,
    );
    return;
  }
  findings.problems.push(
    `${prefix}_SECRET: the token endpoint refused the client's authentication (invalid_client) for ${prefix}_ID=${client.clientId}, in the form body and by HTTP Basic: the secret (or the id) is wrong for ${authUrl}`,
  );
}

/** A token request for a code that cannot exist, the client authenticated in the body or by Basic. */
async function tokenAttempt(
  http: HttpClient,
  authUrl: string,
  client: ConfiguredClient,
  how: 'body' | 'basic',
): Promise<Answer> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: `conformance-no-such-code-${randomBytes(12).toString('hex')}`,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    ...(how === 'body' ? { client_secret: client.clientSecret } : {}),
  });
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64');
  const exchange = await http.send({
    method: 'POST',
    url: `${authUrl}/oauth/token`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(how === 'basic' ? { authorization: `Basic ${basic}` } : {}),
    },
    body: form.toString(),
    quiet: true,
  });
  return answerOf(exchange.response.status, exchange.response.body);
}

function answerOf(status: number, body: string): Answer {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string') return { error: parsed.error };
  } catch {
    // Not JSON: described by its status below.
  }
  return { other: `HTTP ${status} without a JSON error` };
}

function describe(answer: Answer): string {
  return 'error' in answer ? `error ${answer.error}` : answer.other;
}
