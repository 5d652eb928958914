import type { Requirement } from './types.js';

/** The normative sentences of section 5 (authentication). */
export const SECTION_5: readonly Requirement[] = [
  // 5 Authentication
  {
    id: 'R5-01',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: "The service authenticates the user by login and password and obtains the user's decision.",
    check: {
      kind: 'sentence',
      words: "The service authenticates the user by login and password and obtains the user's decision.",
      rfcServerFails: 'no',
      productionFails:
        'no: consent remembered for a configured client and user passes; a wrong password must give no code and no redirect, whichever page then shows',
    },
  },
  {
    id: 'R5-02',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'On approval the browser is redirected to the redirect URI with `code` and, if it was sent, `state` (same value as sent).',
    check: {
      kind: 'sentence',
      words:
        'On approval the browser is redirected to the redirect URI with the query parameters `code` and, if it was sent, `state` (same value as sent).',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-03',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The application exchanges the code at the token endpoint and receives `access_token` with `token_type` `Bearer`.',
    check: {
      kind: 'sentence',
      words:
        'The application exchanges the code at the token endpoint (4.2) and receives `access_token` with `token_type` `Bearer`.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-04',
    section: '5',
    area: 'authentication',
    severity: 'normal',
    text: 'Scope values are basic_user_info, autoupload, autoservice and chat.',
    check: {
      kind: 'sentence',
      words: 'Scopes that exist: `basic_user_info`, `autoupload`, `autoservice`, `chat`.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-05',
    section: '5',
    area: 'authentication',
    severity: 'minor',
    text: 'The authorization server can ignore the requested scopes partly or totally, by its policy or by user instruction.',
    untestable:
      'a permission, not an obligation: the suite honours it by never requiring that every requested scope be granted',
    check: {
      kind: 'sentence',
      words:
        'The authorization server can ignore the requested scopes partly or totally (a permission: no check requires every requested scope to be granted)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-06',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The server validates the access token and that its permissions suffice for the requested resource.',
    check: {
      kind: 'sentence',
      words:
        'The server validates the access token and that its permissions suffice for the requested resource.',
      rfcServerFails: 'no: any refusal status passes where 7.3 does not fix the reason',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-07',
    section: '5',
    area: 'authentication',
    severity: 'critical',
    text: 'The token represents only the permissions granted by the user.',
    check: {
      kind: 'sentence',
      words:
        'The user approves the requested permissions; the token represents only the permissions granted.',
      rfcServerFails:
        'no: a wider scope on the token request may be refused (invalid_scope) or narrowed to the grant',
      productionFails: 'no',
    },
  },
  {
    id: 'R5-08',
    section: '5',
    area: 'authentication',
    severity: 'blocker',
    text: 'The client secret is sent only to the token endpoint, over HTTPS POST.',
    check: {
      kind: 'sentence',
      words: 'The client secret is sent only to the token endpoint, over HTTPS POST.',
      rfcServerFails:
        'no: HTTP Basic on that POST is accepted (RFC 6749 2.3.1); only the secret in the query string and credentials sent twice (7.2 "multiple credentials") are refusals',
      productionFails: 'no',
    },
  },
];
