/**
 * The code exchange of POST /oauth/token (4.2, 7.2), in the order its checks run: each a rule of
 * the token area (rules.ts) that throws the endpoint's error, or records what it found. The first
 * check that throws ends the request; when all pass, the code is redeemed.
 */
export const TOKEN_EXCHANGE = [
  'formRead',
  'parametersNotRepeated',
  'valuesBounded',
  'unknownParametersIgnored',
  'grantTypePresent',
  'grantTypeSupported',
  'clientAuthenticated',
  'codePresent',
  'redirectUriPresent',
  'codeKnown',
  'codeIssuedToClient',
  'codeUnused',
  'codeUnexpired',
  'redirectUriMatches',
  'scopeNarrowed',
] as const;

export type TokenCheckName = (typeof TOKEN_EXCHANGE)[number];
