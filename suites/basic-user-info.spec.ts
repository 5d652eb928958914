import { NEEDS_SECOND_USER, test, type KnownUser } from '../fixtures/index.js';
import { asCase, covers, onPath } from '../helpers/assert/covers.js';
import { isSuccess, parseJsonBody, type HttpExchange } from '../helpers/record/exchange.js';
import type { HttpClient } from '../helpers/clients/http.js';
import { schemaViolations } from '../helpers/assert/schemas.js';
import { verify } from '../helpers/assert/verify.js';
import { skipWhenGranted } from '../helpers/assert/granted-scope.js';

/** Every non-empty set of the section 5 scopes other than basic_user_info: seven tokens. */
const SCOPE_SETS_WITHOUT_BASIC_USER_INFO = [
  'autoupload',
  'autoservice',
  'chat',
  'autoupload autoservice',
  'autoupload chat',
  'autoservice chat',
  'autoupload autoservice chat',
] as const;

/** 4.3; section 9: no version segment. */
const BASIC_USER_INFO_PATH = '/oauth_api/basic_user_info';

function basicUserInfo(http: HttpClient, appsUrl: string, body: unknown): Promise<HttpExchange> {
  return http.send({
    method: 'POST',
    url: `${appsUrl}${BASIC_USER_INFO_PATH}`,
    headers: { 'content-type': 'application/json;charset=UTF-8' },
    body: JSON.stringify(body),
    repeatable: true,
  });
}

function refused(exchange: HttpExchange): boolean {
  const body = parseJsonBody(exchange);
  const answered = body !== null && typeof body === 'object' && ('user_name' in body || 'user_email' in body);
  return exchange.response.status >= 400 && !answered;
}

/** A 2xx with string user_name and user_email; the body, for the identity checks. */
function expectUserInfo(exchange: HttpExchange): { user_name: string; user_email: string } {
  verify(
    isSuccess(exchange.response.status),
    ['R4.3-01', 'R9-06'],
    `a 2xx at ${BASIC_USER_INFO_PATH} (the spec shows no status)`,
    `HTTP ${exchange.response.status}`,
    exchange,
  );
  const body = parseJsonBody(exchange);
  const violations = schemaViolations('basic-user-info', body);
  const nameWrong = violations.some((line) => line.includes('user_name'));
  const emailWrong = violations.some((line) => line.includes('user_email'));
  verify(
    violations.length === 0,
    [
      ...(nameWrong || !emailWrong ? ['R2.4-01'] : []),
      ...(emailWrong || !nameWrong ? ['R2.4-02'] : []),
      'R4.3-01',
    ],
    'a body with string user_name and user_email',
    violations.join('; '),
    exchange,
  );
  return body as { user_name: string; user_email: string };
}

/**
 * The name and e-mail of the token's own user, where they are known: always for users the helpers
 * made; for a configured user, from TARGET_USER_NAME and TARGET_USER_EMAIL (or the USER2 ones).
 */
function expectOwnUser(exchange: HttpExchange, user: KnownUser, variables: string): void {
  const info = expectUserInfo(exchange);
  for (const [field, expected, id, variable] of [
    ['user_name', user.name, 'R2.4-01', `${variables}_NAME`],
    ['user_email', user.email, 'R2.4-02', `${variables}_EMAIL`],
  ] as const) {
    if (expected === undefined) {
      test.info().annotations.push({
        type: `${id} not checked`,
        description: `the ${field} of ${user.login} is not known: set ${variable} to check it`,
      });
      continue;
    }
    verify(
      info[field] === expected,
      [id, 'R4.3-01'],
      `${field}: the ${field === 'user_name' ? 'full name' : 'e-mail'} of the token's own user, ${expected}`,
      `${field} ${info[field]}`,
      exchange,
    );
  }
}

test.describe('4.3 Basic user info', () => {
  test(
    'a basic_user_info token gets the user name and e-mail of its own user',
    onPath(
      covers('R4.3-01', 'R4.3-02', 'R2.4-01', 'R2.4-02', 'R9-06'),
      'user:first',
      'user:second',
      'scope:sufficient',
    ),
    async ({ client, user, secondUser, issueToken, http, target }) => {
      // Two users show that each token answers for its own user, not for a fixed one.
      if (secondUser === null)
        test.info().annotations.push({ type: 'one user only', description: NEEDS_SECOND_USER });
      const users =
        secondUser === null
          ? [[user, 'TARGET_USER'] as const]
          : [[user, 'TARGET_USER'] as const, [secondUser, 'TARGET_USER2'] as const];
      for (const [each, variables] of users) {
        const token = await issueToken(client, { scope: 'basic_user_info', user: each });
        const exchange = await basicUserInfo(http, target.appsUrl, { access_token: token });
        expectOwnUser(exchange, each, variables);
      }
    },
  );

  // Every scope set that lacks basic_user_info, not one: a server that lets one of the other
  // permissions stand in for it (chat, say, or any two of them) passes a check with autoupload alone.
  for (const scope of SCOPE_SETS_WITHOUT_BASIC_USER_INFO) {
    test(
      `a token of scope "${scope}" (without basic_user_info) is refused`,
      asCase(
        onPath(covers('R4.3-02', 'R5-06', 'R5-07'), 'scope:insufficient'),
        `basic-info-refused-${scope.replaceAll(' ', '-')}`,
      ),
      async ({ client, issueGrant, http, target }) => {
        const { token, exchange: granted } = await issueGrant(client, { scope });
        skipWhenGranted(granted, scope, ['basic_user_info'], 'which basic user info answers');
        const exchange = await basicUserInfo(http, target.appsUrl, { access_token: token });
        verify(
          refused(exchange),
          ['R4.3-02', 'R5-07'],
          `a refusal (4xx, no user data) for a token of scope "${scope}", without basic_user_info`,
          `HTTP ${exchange.response.status}`,
          exchange,
        );
      },
    );
  }

  for (const [label, body] of [
    ['an unknown token', { access_token: 'not-a-token-of-this-server' }],
    ['no token in the body', {}],
  ] as const) {
    test(`${label} is refused`, covers('R4.3-01', 'R5-06'), async ({ http, target }) => {
      const exchange = await basicUserInfo(http, target.appsUrl, body);
      verify(
        refused(exchange),
        'R5-06',
        'a refusal (4xx, no user data)',
        `HTTP ${exchange.response.status}`,
        exchange,
      );
    });
  }
});
