/**
 * The areas of the suite an authorization server alone can be judged on: the resource server is
 * not part of an independent OAuth server, so its areas are not run against one.
 */
export const AUTHORIZATION_SERVER_AREAS = [
  'suites/authorization',
  'suites/token',
  'suites/advisory',
] as const;
